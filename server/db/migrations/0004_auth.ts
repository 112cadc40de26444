import type { Kysely } from 'kysely';
import { isPostgres, now, withId } from './helpers.ts';

/**
 * Sessions, audit, single sign-on identities and bureau staff (docs/domain.md "People").
 * The starting roles and their permissions are written out here (not imported from the
 * catalogue), so this migration means the same thing forever.
 */
const ROLES: { code: string; name: string; permissions: string[] }[] = [
  {
    code: 'admin',
    name: '管理员',
    permissions: [
      'content:notice:edit',
      'content:policy:edit',
      'content:address-book:edit',
      'content:service:edit',
      'content:dict:edit',
      'appeal:handle',
      'declare:project:edit',
      'declare:review',
      'declare:proclamation:edit',
      'free-declare:manage',
      'system:staff:manage',
      'system:audit:view',
    ],
  },
  {
    code: 'editor',
    name: '内容编辑',
    permissions: ['content:notice:edit', 'content:policy:edit', 'content:address-book:edit', 'content:service:edit', 'content:dict:edit'],
  },
  { code: 'handler', name: '诉求办理', permissions: ['appeal:handle'] },
  { code: 'reviewer', name: '项目审核', permissions: ['declare:project:edit', 'declare:review', 'declare:proclamation:edit', 'free-declare:manage'] },
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);

  // One row per refresh token; a login starts a family, each rotation adds a row to it.
  await withId(pg, db.schema.createTable('refresh_token'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id'))
    .addColumn('family', 'varchar(64)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('idle_expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .addColumn('revoked_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();
  await db.schema.createIndex('refresh_token_family_idx').on('refresh_token').column('family').execute();
  await db.schema.createIndex('refresh_token_user_idx').on('refresh_token').columns(['user_id', 'revoked_at']).execute();
  await db.schema.createIndex('refresh_token_expiry_idx').on('refresh_token').column('expires_at').execute();

  // No foreign key on user_id: audit rows outlive the accounts they mention.
  await withId(pg, db.schema.createTable('audit_log'))
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .addColumn('action', 'varchar(30)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('staff_id', 'integer')
    .addColumn('login_name', 'varchar(64)')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(300)')
    .addColumn('detail', 'varchar(300)')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_user_idx').on('audit_log').columns(['user_id', 'at']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'at']).execute();

  await withId(pg, db.schema.createTable('sso_identity'))
    .addColumn('issuer', 'varchar(300)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addUniqueConstraint('sso_identity_subject_uq', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('sso_identity_user_idx').on('sso_identity').column('user_id').execute();

  await withId(pg, db.schema.createTable('staff_account'))
    .addColumn('login_name', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(11)')
    .addColumn('department', 'varchar(100)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('active'))
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();

  await withId(pg, db.schema.createTable('staff_role'))
    .addColumn('code', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();

  await db.schema
    .createTable('staff_role_permission')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('staff_role.id').onDelete('cascade'))
    .addColumn('permission', 'varchar(60)', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_role_permission_pk', ['role_id', 'permission'])
    .execute();

  await db.schema
    .createTable('staff_account_role')
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_account.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('staff_role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('staff_account_role_pk', ['staff_id', 'role_id'])
    .execute();
  await db.schema.createIndex('staff_account_role_role_idx').on('staff_account_role').column('role_id').execute();

  for (const role of ROLES) {
    const { id } = await db
      .insertInto('staff_role')
      .values({ code: role.code, name: role.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('staff_role_permission')
      .values(role.permissions.map((permission) => ({ role_id: id, permission })))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['staff_account_role', 'staff_role_permission', 'staff_role', 'staff_account', 'sso_identity', 'audit_log', 'refresh_token']) {
    await db.schema.dropTable(t).execute();
  }
}
