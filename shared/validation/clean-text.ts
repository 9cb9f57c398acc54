import { COMBINING_MARKS_MAX } from '../limits';

/**
 * Cleaning of user-written text (messages, bios, display names, and the same fields coming from
 * GitHub) before it is stored and before it is judged blank, too long or repetitive. The same
 * rules run in the browser, on the server and in the migration that cleaned older rows.
 *
 * Removed: control characters (C0 except tab and newline, DEL, C1), the explicit bidirectional
 * controls that can reorder what is shown (embeddings, overrides, isolates: "gpj.exe" shown as
 * "exe.jpg"), and invisible characters no legitimate text needs (zero-width space, word joiner,
 * invisible operators, byte-order mark, Hangul fillers, stray tag characters...). Kept, because
 * real text needs them: the zero-width joiner and non-joiner (emoji sequences like 👨‍👩‍👧, Persian
 * and Indic scripts), variation selectors (❤️, CJK variants), the implicit direction marks
 * LRM/RLM/ALM (Arabic and Hebrew punctuation; they cannot override the order of other letters),
 * combining marks, soft hyphens and emoji tag sequences (the flags of England, Scotland, Wales). Kept invisibles never count as
 * content: text made only of them is blank, and they cannot split a run of repeated characters.
 */

// Line breaks other than LF: CRLF, CR, NEXT LINE (a C1 control) and the Unicode line and
// paragraph separators. They become LF so every renderer breaks lines the same way.
const LINE_BREAKS = /\r\n?|[\u0085\u2028\u2029]/g;

// C0 controls except tab (U+0009) and newline (U+000A), DEL, and the C1 block (U+0080-U+009F).
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** Embedding, override and isolate controls (LRE RLE PDF LRO RLO, LRI RLI FSI PDI). */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

// Invisible characters with no place in chat or profile text: zero-width space, Mongolian vowel
// separator, word joiner and invisible math operators, deprecated format characters, byte-order
// mark, Hangul fillers (used for "blank" names), Khmer inherent vowels, musical beam controls,
// interlinear annotation controls and unassigned default-ignorable code points.
// (The Khmer vowels are combining marks: outside the class, so no base character is implied.)
const UNUSED_INVISIBLES =
  /[\u180E\u200B\u2060-\u2065\u206A-\u206F\u3164\uFEFF\uFFA0\uFFF0-\uFFFB\u{1D173}-\u{1D17A}]|\u17B4|\u17B5/gu;

// Tag characters are only meaningful inside an emoji tag sequence (a black flag, tag letters,
// CANCEL TAG: the flags of England, Scotland, Wales); anywhere else they hide text.
const TAGS_OUTSIDE_FLAGS = /(\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F})|[\u{E0000}-\u{E00FF}\u{E01F0}-\u{E0FFF}]/gu;

// What a reader cannot see: every default-ignorable code point (joiners, variation selectors,
// direction marks...) and the braille blank, which renders as an empty cell.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;
const INVISIBLE_OR_SPACE = /[\s\p{Default_Ignorable_Code_Point}\u2800]/gu;

function removeUnsafe(text: string): string {
  return text
    .replace(LINE_BREAKS, '\n')
    .replace(CONTROLS, '')
    .replace(BIDI_CONTROLS, '')
    .replace(UNUSED_INVISIBLES, '')
    .replace(TAGS_OUTSIDE_FLAGS, (_match, flag: string | undefined) => flag ?? '');
}

/** Whether the text shows nothing: only whitespace and invisible characters (or nothing at all). */
export function isBlankText(text: string): boolean {
  return text.replace(INVISIBLE_OR_SPACE, '').length === 0;
}

/** The text as a reader sees it for counting purposes: invisible characters taken out. */
export function withoutInvisibles(text: string): string {
  return text.replace(INVISIBLE, '');
}

// A visible combining mark (variation selectors are marks too, but invisible and harmless), and a
// run of more of them than one character may carry. Invisible characters inside a run (joiners,
// variation selectors) neither end it nor count.
const VISIBLE_MARK = /(?!\p{Default_Ignorable_Code_Point})\p{M}/u;
const MARK_RUN_SOURCE = `(?:${VISIBLE_MARK.source}\\p{Default_Ignorable_Code_Point}*){${COMBINING_MARKS_MAX + 1},}`;
const MARK_RUN = new RegExp(MARK_RUN_SOURCE, 'u');
const MARK_RUNS = new RegExp(MARK_RUN_SOURCE, 'gu');

/** Whether some character carries more than COMBINING_MARKS_MAX combining marks ("Zalgo" text). */
export function hasTooManyCombiningMarks(text: string): boolean {
  return MARK_RUN.test(text);
}

/**
 * Text from elsewhere (GitHub names, bios, issue titles) cannot be refused, so each character keeps
 * its first COMBINING_MARKS_MAX marks and loses the rest (with the invisibles among them).
 */
export function limitCombiningMarks(text: string): string {
  return text.replace(MARK_RUNS, (run) => {
    let marks = 0;
    let kept = '';
    for (const char of run) {
      if (VISIBLE_MARK.test(char)) marks += 1;
      if (marks > COMBINING_MARKS_MAX) break;
      kept += char;
    }
    return kept;
  });
}

/** Messages and bios: keeps newlines and tabs; trimmed; '' when nothing visible remains. */
export function cleanMultilineText(text: string): string {
  const cleaned = removeUnsafe(text).trim();
  return isBlankText(cleaned) ? '' : cleaned;
}

/** Display names and other one-line fields: line breaks and tabs become one space. */
export function cleanSingleLineText(text: string): string {
  const cleaned = removeUnsafe(text)
    .replace(/\s*[\t\n]\s*/g, ' ')
    .trim();
  return isBlankText(cleaned) ? '' : cleaned;
}
