import { renderHeadTags, resolvePageMeta, type PageMetaInput } from '../../../shared/meta';

const HEAD_MARKER = '<!--app-head-->';
const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;

/**
 * The built index.html with one page's tags: the default title and description are replaced,
 * everything else goes where the `<!--app-head-->` marker is.
 */
export function renderIndexHtml(template: string, meta: PageMetaInput, publicUrl: string): string {
  const head = renderHeadTags(resolvePageMeta(meta, publicUrl));
  const withoutDefaults = template.replace(TITLE, '').replace(DESCRIPTION, '');
  if (withoutDefaults.includes(HEAD_MARKER)) return withoutDefaults.replace(HEAD_MARKER, () => head);
  return withoutDefaults.replace(/<\/head>/i, () => `${head}\n  </head>`);
}
