/**
 * A deliberately small GraphQL parser: one operation (query), fields with aliases, arguments
 * (variables, strings, numbers, booleans, null, enums, lists) and nested selections. Enough for
 * the contribution-calendar query; fragments and mutations are rejected with a parse error.
 */

export type GqlValue = string | number | boolean | null | { variable: string } | GqlValue[];

export interface GqlField {
  alias: string;
  name: string;
  args: Record<string, GqlValue>;
  selections: GqlField[] | null;
}

export interface GqlOperation {
  variableDefaults: Record<string, GqlValue>;
  selections: GqlField[];
}

export class GqlSyntaxError extends Error {}

type Token = { kind: 'punct' | 'name' | 'string' | 'number' | 'spread'; value: string };

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i] as string;
    if (/[\s,]/.test(ch) || ch === '\ufeff') {
      i++;
      continue;
    }
    if (ch === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (src.startsWith('...', i)) {
      tokens.push({ kind: 'spread', value: '...' });
      i += 3;
      continue;
    }
    if ('{}():$!=[]@'.includes(ch)) {
      tokens.push({ kind: 'punct', value: ch });
      i++;
      continue;
    }
    if (ch === '"') {
      let j = i + 1;
      let out = '';
      while (j < src.length && src[j] !== '"') {
        if (src[j] === '\\') {
          out += src[j + 1] ?? '';
          j += 2;
        } else {
          out += src[j];
          j++;
        }
      }
      if (j >= src.length) throw new GqlSyntaxError('Parse error: unterminated string');
      tokens.push({ kind: 'string', value: out });
      i = j + 1;
      continue;
    }
    const num = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(src.slice(i));
    if (num) {
      tokens.push({ kind: 'number', value: num[0] });
      i += num[0].length;
      continue;
    }
    const name = /^[_A-Za-z][_0-9A-Za-z]*/.exec(src.slice(i));
    if (name) {
      tokens.push({ kind: 'name', value: name[0] });
      i += name[0].length;
      continue;
    }
    throw new GqlSyntaxError(`Parse error on "${ch}"`);
  }
  return tokens;
}

export function parseOperation(src: string): GqlOperation {
  const tokens = tokenize(src);
  let pos = 0;
  const peek = (): Token | undefined => tokens[pos];
  const isPunct = (v: string): boolean => peek()?.kind === 'punct' && peek()?.value === v;
  const expect = (v: string): void => {
    if (!isPunct(v)) throw new GqlSyntaxError(`Parse error on "${peek()?.value ?? 'end of query'}": expected "${v}"`);
    pos++;
  };
  const name = (): string => {
    const t = peek();
    if (t?.kind !== 'name') throw new GqlSyntaxError(`Parse error on "${t?.value ?? 'end of query'}": expected a name`);
    pos++;
    return t.value;
  };
  const value = (): GqlValue => {
    const t = peek();
    if (!t) throw new GqlSyntaxError('Parse error: unexpected end of query');
    if (t.kind === 'punct' && t.value === '$') {
      pos++;
      return { variable: name() };
    }
    if (t.kind === 'punct' && t.value === '[') {
      pos++;
      const list: GqlValue[] = [];
      while (!isPunct(']')) list.push(value());
      pos++;
      return list;
    }
    pos++;
    if (t.kind === 'string') return t.value;
    if (t.kind === 'number') return Number(t.value);
    if (t.kind === 'name')
      return t.value === 'true' ? true : t.value === 'false' ? false : t.value === 'null' ? null : t.value;
    throw new GqlSyntaxError(`Parse error on "${t.value}"`);
  };
  const skipType = (): void => {
    if (isPunct('[')) {
      pos++;
      skipType();
      expect(']');
    } else name();
    if (isPunct('!')) pos++;
  };
  const selectionSet = (): GqlField[] => {
    expect('{');
    const fields: GqlField[] = [];
    while (!isPunct('}')) {
      if (peek()?.kind === 'spread') throw new GqlSyntaxError('Fragments are not supported by this emulator');
      let alias = name();
      let fieldName = alias;
      if (isPunct(':')) {
        pos++;
        fieldName = name();
      } else alias = fieldName;
      const args: Record<string, GqlValue> = {};
      if (isPunct('(')) {
        pos++;
        while (!isPunct(')')) {
          const key = name();
          expect(':');
          args[key] = value();
        }
        pos++;
      }
      fields.push({ alias, name: fieldName, args, selections: isPunct('{') ? selectionSet() : null });
      if (!peek()) throw new GqlSyntaxError('Parse error: unexpected end of query');
    }
    pos++;
    return fields;
  };

  const variableDefaults: Record<string, GqlValue> = {};
  if (peek()?.kind === 'name') {
    const keyword = name();
    if (keyword !== 'query') throw new GqlSyntaxError(`Only queries are supported (got "${keyword}")`);
    if (peek()?.kind === 'name') name();
    if (isPunct('(')) {
      pos++;
      while (!isPunct(')')) {
        expect('$');
        const v = name();
        expect(':');
        skipType();
        if (isPunct('=')) {
          pos++;
          variableDefaults[v] = value();
        }
      }
      pos++;
    }
  }
  const selections = selectionSet();
  if (pos < tokens.length) throw new GqlSyntaxError('Only one operation per document is supported');
  return { variableDefaults, selections };
}
