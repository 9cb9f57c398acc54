import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

/** Stands for the i-th argument of a prepared query while it is compiled. */
class Slot {
  constructor(readonly index: number) {}
}

interface Template {
  compiled: CompiledQuery;
  /** For each compiled parameter: the argument index it takes, or -1 for a constant. */
  sources: number[];
}

export interface PreparedQuery<Args extends unknown[], Row> {
  /** Runs the query with these arguments on the database or inside a transaction. */
  all(db: Kysely<Database>, ...args: Args): Promise<Row[]>;
  first(db: Kysely<Database>, ...args: Args): Promise<Row | undefined>;
}

/**
 * A query built and compiled once per SQL dialect, then run with new argument values: building a
 * Kysely query and compiling it costs more than running a small indexed statement, and the hot
 * paths (every request's session, every message send) run the same few statements all day.
 *
 * `build` receives placeholders in place of the arguments; each must reach the SQL as one bound
 * parameter (an operand of `=`, `>`, `values` or `set`; never an `in` list, whose length varies).
 * An argument that is missing from the compiled parameters is refused at the first run.
 */
export function preparedQuery<Args extends unknown[], Row>(
  arity: Args['length'],
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): PreparedQuery<Args, Row> {
  // Keyed by the dialect's adapter, which a database and its transactions share.
  const templates = new WeakMap<object, Template>();

  const templateFor = (db: Kysely<Database>): Template => {
    const key = dialectKey(db);
    const cached = templates.get(key);
    if (cached) return cached;
    const slots = Array.from({ length: arity }, (_, index) => new Slot(index)) as unknown as Args;
    const compiled = build(db, ...slots).compile();
    const sources = compiled.parameters.map((parameter) => (parameter instanceof Slot ? parameter.index : -1));
    for (let index = 0; index < arity; index += 1) {
      if (!sources.includes(index)) {
        throw new Error(`prepared query: argument ${index} is not a bound parameter of: ${compiled.sql}`);
      }
    }
    const template = { compiled, sources };
    templates.set(key, template);
    return template;
  };

  const run = async (db: Kysely<Database>, args: Args): Promise<Row[]> => {
    const { compiled, sources } = templateFor(db);
    const parameters = sources.map((source, i) => (source < 0 ? compiled.parameters[i] : args[source]));
    const result = await db.executeQuery<Row>({ ...compiled, parameters } as CompiledQuery<Row>);
    return result.rows;
  };

  return {
    all: (db, ...args) => run(db, args),
    first: async (db, ...args) => (await run(db, args))[0],
  };
}

function dialectKey(db: Kysely<Database>): object {
  // No public Kysely API says which dialect a handle compiles for: a transaction is a new Kysely
  // object with no public link to its database, plugins never see the dialect, and compiling a
  // probe per run would cost what this file saves. So the key is the adapter that getExecutor()
  // (marked internal in Kysely 0.28, pinned exactly in package.json) returns: one object per
  // database, shared by its transactions; prepared-query.integration.test.ts runs both on both engines.
  return db.getExecutor().adapter;
}
