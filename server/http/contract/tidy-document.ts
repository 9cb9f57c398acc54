/**
 * Last touches to the generated OpenAPI document, for the people reading it:
 *
 * - zod writes the regular expression it checks ids and timestamps with beside their `format`
 *   (`uuid`, `date-time`); the format says the same in words, so the pattern is left out;
 * - zod bounds every integer by JavaScript's safe range (±2^53 - 1); only other bounds are kept;
 * - every named schema is emitted twice, as read (answers) and as written (`…Input`, for
 *   requests); requests never name one, so the components nothing refers to are left out.
 */
export function tidyDocument<T>(document: T): T {
  const tidy = dropNoise(document) as T & { components?: { schemas?: Record<string, unknown> } };
  const schemas = tidy.components?.schemas;
  if (!schemas) return tidy;
  const referenced = referencedComponents(tidy);
  for (const name of Object.keys(schemas)) if (!referenced.has(name)) delete schemas[name];
  return tidy;
}

const SPELLED_FORMATS = new Set(['uuid', 'date-time']);
const COMPONENT_REF = '#/components/schemas/';

function dropNoise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNoise);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const spelled = entries.some(([key, item]) => key === 'format' && SPELLED_FORMATS.has(String(item)));
  const integer = entries.some(([key, item]) => key === 'type' && item === 'integer');
  const noise = (key: string, item: unknown) =>
    (spelled && key === 'pattern') ||
    (integer && key === 'maximum' && item === Number.MAX_SAFE_INTEGER) ||
    (integer && key === 'minimum' && item === Number.MIN_SAFE_INTEGER);
  return Object.fromEntries(
    entries.filter(([key, item]) => !noise(key, item)).map(([key, item]) => [key, dropNoise(item)]),
  );
}

/** Components referred to from the paths, and from those components in turn. */
function referencedComponents(document: {
  paths?: unknown;
  components?: { schemas?: Record<string, unknown> };
}): Set<string> {
  const schemas = document.components?.schemas ?? {};
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(COMPONENT_REF)) {
        const name = item.slice(COMPONENT_REF.length);
        if (!found.has(name)) {
          found.add(name);
          visit(schemas[name]);
        }
      } else {
        visit(item);
      }
    }
  };
  visit(document.paths);
  return found;
}
