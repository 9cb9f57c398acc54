/**
 * Range syntax shared by numeric and date qualifiers: N, >N, >=N, <N, <=N, A..B, A..*, *..B.
 * Returns null for a malformed value, which the search answers with 422.
 */

export type Predicate = (value: number) => boolean;

function range(value: string, parse: (s: string) => { from: number; to: number } | null): Predicate | null {
  const cmp = /^(>=|<=|>|<)(.+)$/.exec(value);
  if (cmp) {
    const v = parse(cmp[2] as string);
    if (!v) return null;
    switch (cmp[1]) {
      case '>':
        return (x) => x >= v.to;
      case '>=':
        return (x) => x >= v.from;
      case '<':
        return (x) => x < v.from;
      default:
        return (x) => x < v.to;
    }
  }
  const between = /^(.+?)\.\.(.+)$/.exec(value);
  if (between) {
    const a = between[1] === '*' ? { from: -Infinity, to: -Infinity } : parse(between[1] as string);
    const b = between[2] === '*' ? { from: Infinity, to: Infinity } : parse(between[2] as string);
    if (!a || !b) return null;
    return (x) => x >= a.from && x < b.to;
  }
  const exact = parse(value);
  return exact ? (x) => x >= exact.from && x < exact.to : null;
}

/** Integers (commas and underscores allowed); an integer N covers [N, N+1). */
export function numberRange(value: string): Predicate | null {
  return range(value, (s) => {
    const clean = s.replace(/[,_]/g, '');
    if (!/^\d+$/.test(clean)) return null;
    const n = Number(clean);
    return { from: n, to: n + 1 };
  });
}

/** Dates as YYYY-MM-DD (a whole UTC day) or full ISO 8601 timestamps (an instant). */
export function dateRange(value: string): Predicate | null {
  return range(value, (s) => {
    if (/^\d{4}-\d{2}-\d{2}$/.test(s)) {
      const from = Date.parse(`${s}T00:00:00Z`);
      return Number.isNaN(from) ? null : { from, to: from + 86_400_000 };
    }
    if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/.test(s)) {
      const t = Date.parse(/Z|[+-]\d{2}:?\d{2}$/.test(s) ? s : `${s}Z`);
      return Number.isNaN(t) ? null : { from: t, to: t + 1 };
    }
    return null;
  });
}
