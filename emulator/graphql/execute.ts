import type { GqlField, GqlValue } from './parse';

/** A GraphQL object: its type name and one resolver per field. */
export interface GqlObject {
  typeName: string;
  fields: Record<string, (args: Record<string, unknown>) => unknown>;
}

export interface GqlError {
  message: string;
  path?: (string | number)[];
  type?: string;
  extensions?: Record<string, string>;
}

export class GqlFieldError extends Error {
  constructor(
    message: string,
    readonly type?: string,
  ) {
    super(message);
  }
}

function isObject(v: unknown): v is GqlObject {
  return typeof v === 'object' && v !== null && 'typeName' in v && 'fields' in v;
}

function argValue(v: GqlValue, vars: Record<string, unknown>): unknown {
  if (Array.isArray(v)) return v.map((x) => argValue(x, vars));
  if (v !== null && typeof v === 'object') return vars[v.variable] ?? null;
  return v;
}

/**
 * Executes a selection set against resolvers. Unknown fields abort the whole query (GitHub
 * validates before executing); a resolver error nulls its field and is reported with its path.
 */
export function execute(
  obj: GqlObject,
  selections: GqlField[],
  vars: Record<string, unknown>,
  errors: GqlError[],
  path: (string | number)[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of selections) {
    const here = [...path, field.alias];
    if (field.name === '__typename') {
      out[field.alias] = obj.typeName;
      continue;
    }
    const resolver = obj.fields[field.name];
    if (!resolver) {
      throw new GqlFieldError(`Field '${field.name}' doesn't exist on type '${obj.typeName}'`, 'undefinedField');
    }
    const args: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(field.args)) args[k] = argValue(v, vars);
    let value: unknown;
    try {
      value = resolver(args);
    } catch (err) {
      if (!(err instanceof GqlFieldError)) throw err;
      errors.push({ message: err.message, path: here, ...(err.type ? { type: err.type } : {}) });
      out[field.alias] = null;
      continue;
    }
    out[field.alias] = project(value, field, vars, errors, here);
  }
  return out;
}

function project(
  value: unknown,
  field: GqlField,
  vars: Record<string, unknown>,
  errors: GqlError[],
  path: (string | number)[],
): unknown {
  if (Array.isArray(value)) return value.map((v, i) => project(v, field, vars, errors, [...path, i]));
  if (isObject(value)) {
    if (!field.selections)
      throw new GqlFieldError(
        `Field must have selections (field '${field.name}' returns ${value.typeName} but has no selections.`,
        'selectionMismatch',
      );
    return execute(value, field.selections, vars, errors, path);
  }
  if (field.selections)
    throw new GqlFieldError(`Selections can't be made on scalars (field '${field.name}')`, 'selectionMismatch');
  return value;
}
