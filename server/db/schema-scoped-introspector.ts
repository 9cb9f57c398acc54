import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type PostgresDialectConfig,
  type QueryExecutorProvider,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * Introspection limited to one PostgreSQL schema. Kysely's own introspector reads every schema of
 * the database and resolves each by name; when another schema is dropped meanwhile (databases that
 * hold many schemas, one per tenant or per test), that name lookup fails with "schema … does not
 * exist" and so does the migration that asked. Here only our own schema is read, by its oid.
 */
export class SchemaScopedIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: QueryExecutorProvider,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      select nspname as name from pg_catalog.pg_namespace where nspname = ${this.schema}`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      table: string;
      kind: string;
      column: string;
      type: string;
      type_schema: string;
      not_null: boolean;
      has_default: boolean;
      serial: boolean;
      comment: string | null;
    }>`
      select c.relname as table, c.relkind as kind, a.attname as column, t.typname as type,
             tn.nspname as type_schema, a.attnotnull as not_null, a.atthasdef as has_default,
             coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false)
               or a.attidentity <> '' as serial,
             pg_catalog.col_description(a.attrelid, a.attnum) as comment
        from pg_catalog.pg_namespace n
        join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relkind in ('r', 'v', 'p')
        join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        join pg_catalog.pg_type t on t.oid = a.atttypid
        join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
        left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
       where n.nspname = ${this.schema}
       order by c.relname, a.attnum`.execute(this.db);
    const internal = new Set(['kysely_migration', 'kysely_migration_lock']);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: this.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.serial,
        ...(row.comment === null ? {} : { comment: row.comment }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** The PostgreSQL dialect, introspecting only `schema`. */
export class SchemaScopedPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly schema: string,
  ) {
    super(config);
  }

  override createIntrospector(db: Parameters<PostgresDialect['createIntrospector']>[0]): DatabaseIntrospector {
    return new SchemaScopedIntrospector(db, this.schema);
  }
}
