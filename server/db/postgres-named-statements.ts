import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Past this many distinct SQL texts, new ones run unnamed (texts with IN lists vary in length). */
const MAX_NAMED_STATEMENTS = 1000;

/**
 * Makes every parameterised statement of a pool's connections a named prepared statement, one per
 * SQL text and connection. PostgreSQL then parses and analyses a text once per connection instead
 * of at every run, and may keep a plan it found no worse than planning anew (its plan cache decides,
 * per statement, after five runs). The app's statements are a fixed set of texts, so the cache is
 * bounded; the texts whose length varies with a list stop being named at the cap.
 */
export class NamedStatements {
  private readonly names = new Map<string, string>();

  nameFor(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= MAX_NAMED_STATEMENTS) return known;
    const name = `rr_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    this.names.set(text, name);
    return name;
  }

  /** Called for each new connection of the pool. */
  attach(client: pg.PoolClient): void {
    const query = client.query.bind(client) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
    const named = (config: unknown, values?: unknown, callback?: unknown): unknown => {
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
        const name = this.nameFor(config);
        if (name !== undefined) return query({ name, text: config, values }, callback);
      }
      return query(config, values, callback);
    };
    client.query = named as typeof client.query;
  }
}
