// Applies the saved theme before the first paint, so the page never flashes the wrong theme.
(function () {
  try {
    var saved = localStorage.getItem('reporooms-theme');
    var theme = saved === 'light' || saved === 'dark' ? saved : 'system';
    var dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    /* storage unavailable: keep the default light theme */
  }
})();
