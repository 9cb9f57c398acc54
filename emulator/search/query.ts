/**
 * Tokenises a GitHub search `q`: free-text words and "quoted phrases", `key:value` qualifiers
 * (value may be quoted: label:"good first issue"), whole quoted qualifiers
 * ("language:jupyter notebook") and negation with a leading minus (-topic:cli).
 */

export interface Qualifier {
  key: string;
  value: string;
  negated: boolean;
}

export interface ParsedQuery {
  /** Lower-cased words and phrases that must all match. */
  terms: string[];
  qualifiers: Qualifier[];
}

function splitTokens(q: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of q) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && /\s/.test(ch)) {
      if (current) tokens.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (current) tokens.push(current);
  return tokens;
}

function unquote(s: string): string {
  return s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : s.replace(/"/g, '');
}

export function parseQuery(q: string, knownKeys: ReadonlySet<string>): ParsedQuery {
  const parsed: ParsedQuery = { terms: [], qualifiers: [] };
  for (const raw of splitTokens(q)) {
    if (raw === 'AND') continue;
    let token = raw;
    let negated = false;
    if (token.startsWith('-') && token.length > 1) {
      negated = true;
      token = token.slice(1);
    }
    const wholeQuoted = token.length >= 2 && token.startsWith('"') && token.endsWith('"');
    const inner = wholeQuoted ? token.slice(1, -1) : token;
    const m = /^([a-zA-Z_-]+):([\s\S]*)$/.exec(inner);
    const key = m?.[1]?.toLowerCase();
    if (m && key && knownKeys.has(key)) {
      parsed.qualifiers.push({ key, value: unquote(m[2] ?? '').trim(), negated });
      continue;
    }
    const text = unquote(raw).toLowerCase().trim();
    if (text) parsed.terms.push(text);
  }
  return parsed;
}
