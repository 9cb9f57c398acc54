// The quick switcher's public entry: everything outside client/features/quick-switcher imports it from here.
export { QuickSwitcher } from './QuickSwitcher';
