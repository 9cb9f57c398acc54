/**
 * Last touches to the generated OpenAPI document, for the people reading it:
 *
 * - zod writes the regular expression it checks ids and timestamps with beside their `format`
 *   (`uuid`, `date-time`); the format says the same in words, so the pattern is left out;
 * - every named schema is emitted twice, as read (answers) and as written (`…Input`, for
 *   requests); requests never name one, so the components nothing refers to are left out.
 */
export function tidyDocument<T>(document: T): T {
  const tidy = dropFormatPatterns(document) as T & { components?: { schemas?: Record<string, unknown> } };
  const schemas = tidy.components?.schemas;
  if (!schemas) return tidy;
  const referenced = referencedComponents(tidy);
  for (const name of Object.keys(schemas)) if (!referenced.has(name)) delete schemas[name];
  return tidy;
}

const SPELLED_FORMATS = new Set(['uuid', 'date-time']);
const COMPONENT_REF = '#/components/schemas/';

function dropFormatPatterns(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropFormatPatterns);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const spelled = entries.some(([key, item]) => key === 'format' && SPELLED_FORMATS.has(String(item)));
  return Object.fromEntries(
    entries.filter(([key]) => !(spelled && key === 'pattern')).map(([key, item]) => [key, dropFormatPatterns(item)]),
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
