import { describe, expect, it } from 'vitest';
import {
  cleanMultilineText,
  cleanSingleLineText,
  hasTooManyCombiningMarks,
  isBlankText,
  limitCombiningMarks,
  withoutInvisibles,
} from './clean-text';

const RLO = '\u202E';
const PDF = '\u202C';

describe('cleanMultilineText', () => {
  it('removes bidirectional embedding, override and isolate controls', () => {
    expect(cleanMultilineText(`https://evil.example/${RLO}gpj.exe${PDF}`)).toBe('https://evil.example/gpj.exe');
    expect(cleanMultilineText('a\u202Ab\u202Bc\u202Dd\u2066e\u2067f\u2068g\u2069h')).toBe('abcdefgh');
  });

  it('removes C0 and C1 controls, turning NEXT LINE and Unicode separators into newlines', () => {
    expect(cleanMultilineText('a\u0007b\u001Bc\u009Bd\u0080e')).toBe('abcde');
    expect(cleanMultilineText('one\u0085two\u2028three\u2029four\r\nfive\rsix')).toBe(
      'one\ntwo\nthree\nfour\nfive\nsix',
    );
    expect(cleanMultilineText('keeps\ttabs\nand newlines')).toBe('keeps\ttabs\nand newlines');
  });

  it('removes invisible characters that no text needs', () => {
    expect(cleanMultilineText('a\u200Bb\u2060c\uFEFFd\u3164e\uFFA0f\u180Eg\u2062h\u17B4i')).toBe('abcdefghi');
  });

  it('removes tag characters outside emoji flag sequences', () => {
    const hidden = [...'secret'].map((ch) => String.fromCodePoint(0xe0000 + ch.charCodeAt(0))).join('');
    expect(cleanMultilineText(`hello${hidden}`)).toBe('hello');
    const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    expect(cleanMultilineText(`go ${scotland}`)).toBe(`go ${scotland}`);
  });

  it('keeps legitimate text intact', () => {
    for (const text of [
      'family 👨‍👩‍👧 and 🧑🏽‍💻',
      'love ❤️ and ☺︎',
      'مرحبا بالعالم',
      'שלום עולם!\u200F',
      'می\u200Cخواهم',
      'क्‍ष',
      '漢字かなカナ 한국어',
      'e\u0301 n\u0303 Zoë',
      'naïve co\u00ADoperation',
      '葛\u{E0100}城市',
      '<b>markup</b> & "quotes"',
    ]) {
      expect(cleanMultilineText(text)).toBe(text);
    }
  });

  it('answers an empty string when nothing visible remains', () => {
    for (const text of [
      '\u200B',
      '\u3164',
      '\u2800',
      RLO,
      ' \u200D\u200C\uFE0F \n',
      '\u200E\u200F\u061C',
      '\u115F\u1160',
    ]) {
      expect(cleanMultilineText(text)).toBe('');
    }
  });
});

describe('cleanSingleLineText', () => {
  it('puts one line together with single spaces', () => {
    expect(cleanSingleLineText(' Ada\n\tLovelace\u0085the\u2028first ')).toBe('Ada Lovelace the first');
  });
  it('applies the same removals as multi-line text', () => {
    expect(cleanSingleLineText(`${RLO}nimda\u0007\u001B[31m`)).toBe('nimda[31m');
    expect(cleanSingleLineText('\u3164\u3164')).toBe('');
  });
});

describe('isBlankText and withoutInvisibles', () => {
  it('treat joiners, selectors, direction marks and the braille blank as invisible', () => {
    expect(isBlankText('\u200D\u2800 \uFE0F\u200E')).toBe(true);
    expect(isBlankText('\u200Da')).toBe(false);
    expect(withoutInvisibles('a\u200Da\uFE0Fa\u200Ea')).toBe('aaaa');
  });
});

describe('combining marks', () => {
  const marks = (n: number) => '\u0301\u0316\u0336\u0489\u0302\u0303'.repeat(4).slice(0, n);

  it('allows four on one character and finds a fifth, wherever the run is', () => {
    expect(hasTooManyCombiningMarks(`a${marks(4)} b${marks(4)}`)).toBe(false);
    expect(hasTooManyCombiningMarks(`a${marks(5)}`)).toBe(true);
    expect(hasTooManyCombiningMarks(`ok then z${marks(12)}!`)).toBe(true);
    // A run with no letter before it counts the same.
    expect(hasTooManyCombiningMarks(marks(5))).toBe(true);
  });

  it('lets neither joiners nor variation selectors split a run, and does not count them', () => {
    expect(hasTooManyCombiningMarks('a\u0301\u0302\u200D\u0303\u200C\u0304\u0305')).toBe(true);
    expect(hasTooManyCombiningMarks('a\u0301\uFE0F\uFE0E\uFE0F\u0302\u0303\u0304')).toBe(false);
    expect(hasTooManyCombiningMarks('1\uFE0F\u20E3 ❤️ 👨‍👩‍👧')).toBe(false);
  });

  it('leaves real writing alone: Vietnamese, Devanagari, Tibetan, Hebrew with points, Thai', () => {
    for (const text of ['Tie\u0302\u0301ng Vie\u0323\u0302t', 'क्षत्रिय', 'བསྒྲུབས', 'בְּרֵאשִׁית', 'ที่นี่']) {
      expect(hasTooManyCombiningMarks(text), text).toBe(false);
      expect(limitCombiningMarks(text)).toBe(text);
    }
  });

  it('cuts what it cannot refuse to the first four marks of each character', () => {
    expect(limitCombiningMarks(`Z${marks(20)}algo o${marks(6)}k`)).toBe(`Z${marks(4)}algo o${marks(4)}k`);
  });
});
