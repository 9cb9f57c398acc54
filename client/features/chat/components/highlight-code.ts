import { common, createLowlight } from 'lowlight';

/**
 * Syntax highlighting for fenced code blocks (highlight.js grammars through lowlight, which answers
 * a tree instead of HTML). Loaded on demand by CodeBlock, so no page pays for it before a message
 * with a named language is on screen.
 */
const lowlight = createLowlight(common);

/** A highlighted piece: its text and the highlight.js classes that colour it. */
export interface CodeSpan {
  text: string;
  classes: string[];
}

interface HastText {
  type: 'text';
  value: string;
}
interface HastElement {
  type: 'element';
  properties?: { className?: unknown };
  children: HastNode[];
}
type HastNode = HastText | HastElement | { type: string };

/** The code as coloured spans, or null when the language is not one of the common grammars. */
export function highlightCode(code: string, language: string): CodeSpan[] | null {
  const name = language.toLowerCase();
  if (!lowlight.registered(name)) return null;
  const tree = lowlight.highlight(name, code);
  const spans: CodeSpan[] = [];
  const walk = (nodes: HastNode[], classes: string[]) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        spans.push({ text: (node as HastText).value, classes });
      } else if (node.type === 'element') {
        const element = node as HastElement;
        const own = Array.isArray(element.properties?.className)
          ? element.properties.className.filter((value): value is string => typeof value === 'string')
          : [];
        walk(element.children, [...classes, ...own]);
      }
    }
  };
  walk(tree.children as HastNode[], []);
  return spans;
}
