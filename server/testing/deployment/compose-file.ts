/**
 * Reads the YAML subset compose.yaml is written in (block mappings and sequences, plain and
 * quoted scalars, flow sequences of scalars) and compose's `${VAR:-default}` interpolation.
 * Anything else (anchors, flow mappings, block scalars) is refused rather than misread, so the file
 * cannot quietly drift out of what the deployment test understands.
 */

export type YamlValue = string | YamlValue[] | { [key: string]: YamlValue };

interface Line {
  indent: number;
  text: string;
  number: number;
}

export function parseComposeYaml(text: string): { [key: string]: YamlValue } {
  const lines: Line[] = [];
  text.split('\n').forEach((raw, index) => {
    const stripped = stripComment(raw).trimEnd();
    if (stripped.trim() === '') return;
    if (/^\t/.test(stripped)) throw new Error(`compose.yaml:${index + 1}: tabs are not YAML indentation`);
    lines.push({ indent: stripped.length - stripped.trimStart().length, text: stripped.trim(), number: index + 1 });
  });
  const [value, next] = parseBlock(lines, 0, 0);
  if (next !== lines.length) throw new Error(`compose.yaml:${lines[next]?.number}: unexpected indentation`);
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error('compose.yaml: the top level is a mapping');
  return value;
}

function parseBlock(lines: Line[], start: number, indent: number): [YamlValue, number] {
  const first = lines[start];
  if (!first || first.indent !== indent) return ['', start];
  if (first.text.startsWith('- ') || first.text === '-') {
    const items: YamlValue[] = [];
    let i = start;
    while (i < lines.length && lines[i]!.indent === indent && lines[i]!.text.startsWith('- ')) {
      const item = lines[i]!.text.slice(2).trim();
      if (/^[\w.-]+:(\s|$)/.test(item)) throw new Error(`compose.yaml:${lines[i]!.number}: mappings in lists`);
      items.push(scalar(item, lines[i]!.number));
      i += 1;
    }
    return [items, i];
  }
  const map: { [key: string]: YamlValue } = {};
  let i = start;
  while (i < lines.length && lines[i]!.indent === indent) {
    const line = lines[i]!;
    const match = /^("[^"]*"|'[^']*'|[^\s:'"][^:]*?):(?:\s+(.*))?$/.exec(line.text);
    if (!match) throw new Error(`compose.yaml:${line.number}: expected "key: value"`);
    const key = scalar(match[1] ?? '', line.number) as string;
    if (key in map) throw new Error(`compose.yaml:${line.number}: duplicate key ${key}`);
    if (match[2] !== undefined) {
      map[key] = scalar(match[2], line.number);
      i += 1;
    } else {
      const child = lines[i + 1];
      if (child && child.indent > indent) {
        [map[key], i] = parseBlock(lines, i + 1, child.indent);
      } else {
        map[key] = '';
        i += 1;
      }
    }
  }
  return [map, i];
}

function scalar(text: string, lineNumber: number): YamlValue {
  if (/^[&*!|>{]/.test(text)) throw new Error(`compose.yaml:${lineNumber}: "${text}" is outside the YAML subset`);
  if (text.startsWith('[')) {
    if (!text.endsWith(']')) throw new Error(`compose.yaml:${lineNumber}: unterminated flow sequence`);
    const items: YamlValue[] = [];
    const pattern = /\s*("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^,'"\]]+)\s*(,|$)/y;
    const inner = text.slice(1, -1);
    while (pattern.lastIndex < inner.length) {
      const match = pattern.exec(inner);
      if (!match) throw new Error(`compose.yaml:${lineNumber}: cannot read flow sequence ${text}`);
      items.push(scalar((match[1] ?? '').trim(), lineNumber));
    }
    return items;
  }
  if (text.startsWith('"')) return JSON.parse(text) as string;
  if (text.startsWith("'")) {
    if (!/^'(?:[^']|'')*'$/.test(text)) throw new Error(`compose.yaml:${lineNumber}: bad quoted string ${text}`);
    return text.slice(1, -1).replace(/''/g, "'");
  }
  return text;
}

function stripComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '#' && (i === 0 || /\s/.test(line[i - 1] ?? ''))) {
      return line.slice(0, i);
    }
  }
  return line;
}

/** Compose's variable substitution: `${NAME}`, `${NAME:-default}`, `${NAME:?error}`, `$$`. */
export function interpolate(value: string, variables: Record<string, string | undefined>): string {
  return value.replace(/\$\$|\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g, (whole, name?: string, op?: string, arg?: string) => {
    if (whole === '$$') return '$';
    const current = variables[name ?? ''];
    const unset = op?.startsWith(':') ? !current : current === undefined;
    if (op?.endsWith('-')) return unset ? (arg ?? '') : (current ?? '');
    if (op?.endsWith('?') && unset) throw new Error(`compose.yaml: ${name} is required: ${arg}`);
    return current ?? '';
  });
}
