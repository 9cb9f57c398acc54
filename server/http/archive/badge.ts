import { escapeHtml } from './archive-html';

// Advance widths of Verdana at 11px (the shields.io look), in pixels; anything else counts as 7.
const NARROW = new Set([..."fijlrt!.,:;|'()[]"]);
const WIDE = new Set([...'mwMW%@']);

/** The width of a text in the badge's font, close enough to centre it and size its half. */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += ch === ' ' ? 3.9 : NARROW.has(ch) ? 3.9 : WIDE.has(ch) ? 10.5 : 7;
  return Math.round(width);
}

/** A shields-style badge: a grey label and a coloured message, each as wide as its text. */
export function badgeSvg(label: string, message: string, color = '#4c1'): string {
  const left = textWidth(label) + 12;
  const right = textWidth(message) + 12;
  const total = left + right;
  const text = (x: number, value: string) =>
    `<text x="${x * 10}" y="150" fill="#010101" fill-opacity=".3" transform="scale(.1)" textLength="${textWidth(value) * 10}">${escapeHtml(value)}</text><text x="${x * 10}" y="140" transform="scale(.1)" fill="#fff" textLength="${textWidth(value) * 10}">${escapeHtml(value)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="20" role="img" aria-label="${escapeHtml(`${label}: ${message}`)}"><title>${escapeHtml(`${label}: ${message}`)}</title><linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient><clipPath id="r"><rect width="${total}" height="20" rx="3" fill="#fff"/></clipPath><g clip-path="url(#r)"><rect width="${left}" height="20" fill="#555"/><rect x="${left}" width="${right}" height="20" fill="${color}"/><rect width="${total}" height="20" fill="url(#s)"/></g><g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" text-rendering="geometricPrecision" font-size="110">${text(left / 2, label)}${text(left + right / 2, message)}</g></svg>`;
}
