import type { Kysely } from 'kysely';
import { isPostgres, now, withId } from './helpers.ts';
import { DICTIONARIES } from './0003_content.dicts.ts';

/**
 * The public content domains: policies, address book, dictionaries, service items, settings and
 * the access log. Dictionaries are reference data that appeals, policies and declarations need
 * on any install, demo data or not, so this migration fills them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);

  await withId(pg, db.schema.createTable('policy'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('doc_no', 'varchar(100)')
    .addColumn('issuer', 'varchar(100)', (c) => c.notNull())
    .addColumn('level', 'varchar(30)', (c) => c.notNull())
    .addColumn('category', 'varchar(30)', (c) => c.notNull())
    .addColumn('publish_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('effective_from', 'varchar(30)')
    .addColumn('effective_to', 'varchar(30)')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('interpretation', 'text')
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('published'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  // Newest first, alone or under one filter. Title and 文号 ride along so that a keyword search
  // scans the index, not the table with its long HTML bodies.
  await db.schema.createIndex('policy_list_idx').on('policy').columns(['status', 'publish_at', 'id', 'title', 'doc_no']).execute();
  await db.schema.createIndex('policy_level_idx').on('policy').columns(['status', 'level', 'publish_at', 'id']).execute();
  await db.schema.createIndex('policy_category_idx').on('policy').columns(['status', 'category', 'publish_at', 'id']).execute();
  await db.schema
    .createIndex('policy_level_category_idx')
    .on('policy')
    .columns(['status', 'level', 'category', 'publish_at', 'id'])
    .execute();

  await withId(pg, db.schema.createTable('address_book'))
    .addColumn('department', 'varchar(50)', (c) => c.notNull())
    .addColumn('department_sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(30)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)')
    .addColumn('duties', 'varchar(500)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  await db.schema.createIndex('address_book_order_idx').on('address_book').columns(['department_sort', 'department', 'sort', 'id']).execute();
  await db.schema.createIndex('address_book_department_idx').on('address_book').columns(['department', 'sort', 'id']).execute();

  await db.schema
    .createTable('dict_type')
    .addColumn('code', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .execute();
  await withId(pg, db.schema.createTable('dict_item'))
    .addColumn('type_code', 'varchar(50)', (c) => c.notNull().references('dict_type.code'))
    .addColumn('value', 'varchar(30)', (c) => c.notNull())
    .addColumn('text', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addUniqueConstraint('dict_item_type_value_uq', ['type_code', 'value'])
    .execute();

  await withId(pg, db.schema.createTable('service_item'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('icon', 'varchar(30)', (c) => c.notNull())
    .addColumn('url', 'varchar(300)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  await db.schema.createIndex('service_item_list_idx').on('service_item').columns(['enabled', 'sort', 'id']).execute();

  await db.schema
    .createTable('setting')
    .addColumn('key', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();

  await withId(pg, db.schema.createTable('access_log'))
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('menu', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(300)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('access_log_created_idx').on('access_log').columns(['created_at']).execute();
  await db.schema
    .createTable('access_log_daily')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.insertInto('setting').values({ key: 'cache_version', value: '1' }).execute();
  await db
    .insertInto('dict_type')
    .values(DICTIONARIES.map((d) => ({ code: d.code, name: d.name })))
    .execute();
  await db
    .insertInto('dict_item')
    .values(DICTIONARIES.flatMap((d) => d.options.map(([value, text], i) => ({ type_code: d.code, value, text, sort: (i + 1) * 10 }))))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['access_log_daily', 'access_log', 'setting', 'service_item', 'dict_item', 'dict_type', 'address_book', 'policy']) {
    await db.schema.dropTable(table).execute();
  }
}
