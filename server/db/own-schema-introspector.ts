import { PostgresDialect, PostgresIntrospector, sql, type DatabaseIntrospector, type DatabaseMetadataOptions, type Kysely, type TableMetadata } from 'kysely';

/** Kysely's own bookkeeping tables, left out unless asked for (as its own introspector does). */
const KYSELY_TABLES = ['kysely_migration', 'kysely_migration_lock'];

interface ColumnRow {
  schema: string;
  table: string;
  isView: boolean;
  column: string;
  type: string;
  typeSchema: string;
  notNull: boolean;
  hasDefault: boolean;
  autoIncrementing: boolean;
  comment: string | null;
}

/**
 * Kysely's PostgreSQL introspector, but its tables are only those of the connection's own schema
 * (`current_schema()`, which DATABASE_URL's search_path sets). The stock one reads every schema in
 * the database and looks each one up by name; the migrator asks it at every start, so a schema
 * another tenant of the database drops meanwhile (the test files and the bench make and drop one
 * each) failed the portal's migration with "schema … does not exist".
 */
export class OwnSchemaIntrospector extends PostgresIntrospector {
  constructor(private readonly db: Kysely<any>) {
    super(db);
  }

  override async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select ns.nspname as "schema", c.relname as "table", c.relkind = 'v' as "isView", a.attname as "column", typ.typname as "type",
             tns.nspname as "typeSchema", a.attnotnull as "notNull", a.atthasdef as "hasDefault",
             (a.attidentity <> '' or pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) is not null) as "autoIncrementing",
             col_description(a.attrelid, a.attnum) as "comment"
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on c.oid = a.attrelid
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const r of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.includes(r.table)) continue;
      let table = tables.get(r.table);
      if (!table) tables.set(r.table, (table = { name: r.table, isView: r.isView, schema: r.schema, columns: [] }));
      table.columns.push({
        name: r.column,
        dataType: r.type,
        dataTypeSchema: r.typeSchema,
        isAutoIncrementing: r.autoIncrementing,
        isNullable: !r.notNull,
        hasDefaultValue: r.hasDefault,
        comment: r.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }
}

/** Kysely's PostgreSQL dialect with the introspector above in place of its own. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
