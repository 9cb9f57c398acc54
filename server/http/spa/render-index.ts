import { renderHeadTags, resolvePageMeta, type PageMetaInput } from '../../../shared/meta';

const HEAD_MARKER = '<!--app-head-->';
const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;

const HTML_TAG = /<html\b/i;

/** Facts the served app shell (client/app/AppShell.tsx) needs before any script runs. */
export interface ShellState {
  githubMode: 'live' | 'emulated';
  sidebarExpanded: boolean;
}

/**
 * The built index.html with one page's tags: the default title and description are replaced,
 * everything else goes where the `<!--app-head-->` marker is. With a shell state, <html> carries
 * data-github-mode and data-sidebar, so the shell shows the demo banner and the sidebar width the
 * app will show (no jump when it takes over).
 */
export function renderIndexHtml(template: string, meta: PageMetaInput, publicUrl: string, shell?: ShellState): string {
  const head = renderHeadTags(resolvePageMeta(meta, publicUrl));
  let html = template.replace(TITLE, '').replace(DESCRIPTION, '');
  if (shell) {
    const sidebar = shell.sidebarExpanded ? 'expanded' : 'collapsed';
    html = html.replace(HTML_TAG, () => `<html data-github-mode="${shell.githubMode}" data-sidebar="${sidebar}"`);
  }
  if (html.includes(HEAD_MARKER)) return html.replace(HEAD_MARKER, () => head);
  return html.replace(/<\/head>/i, () => `${head}\n  </head>`);
}
