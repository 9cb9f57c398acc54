/**
 * What a Markdown document offers to references pointing at it: numbered sections (`## 5. Rules`,
 * `### 2.1 Home` → "5", "2.1"), the anchors GitHub gives its headings, and the names a reference in
 * quotes may use (heading texts and bold labels such as `- **Message search**: …`).
 */
export interface MarkdownOutline {
  sections: Set<string>;
  anchors: Set<string>;
  /** Lower-cased heading texts and bold labels, without Markdown markup. */
  names: string[];
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const SECTION_NUMBER = /^(\d+(?:\.\d+)*)\.?\s/;
const BOLD_LABEL = /^\s*(?:[-*]|\d+\.)\s+\*\*([^*]+)\*\*/;

/** Lines of a Markdown text with fenced code blocks blanked out (their line numbers kept). */
export function withoutCodeBlocks(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line;
  });
}

/** A heading's text as GitHub shows it: links reduced to their text, code and emphasis marks gone. */
export function plainHeading(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|~~)/g, '')
    .trim();
}

/** The anchor GitHub derives from a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(text: string): string {
  return plainHeading(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function markdownOutline(text: string): MarkdownOutline {
  const sections = new Set<string>();
  const anchors = new Set<string>();
  const names: string[] = [];
  const seen = new Map<string, number>();
  for (const line of withoutCodeBlocks(text)) {
    const heading = HEADING.exec(line);
    if (heading?.[2]) {
      const title = heading[2];
      const number = SECTION_NUMBER.exec(title)?.[1];
      if (number) sections.add(number);
      const slug = headingSlug(title);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
      names.push(plainHeading(title).replace(SECTION_NUMBER, '').toLowerCase());
      continue;
    }
    const label = BOLD_LABEL.exec(line)?.[1];
    if (label) names.push(label.trim().toLowerCase());
  }
  return { sections, anchors, names };
}

/** Whether a name given in quotes ("Message search") is a heading or a bold label of the document. */
export function hasNamedPart(outline: MarkdownOutline, name: string): boolean {
  const wanted = name.trim().toLowerCase();
  return outline.names.some((candidate) => candidate === wanted || candidate.startsWith(`${wanted} `));
}
