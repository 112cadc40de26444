import { sql, type Kysely } from 'kysely';
import { isPostgres, now, withId } from './helpers.ts';

/**
 * The staff console's foundation (docs/console.md "Identity", "Roles", "Audit"): departments, staff
 * accounts with a department, must-change-password and a session epoch, the eight roles of the
 * catalogue in place of 0004's four, and audit rows wide enough for console writes.
 * The roles are written out here (not imported from contract/permissions.ts), so this migration
 * means the same thing forever.
 */
const ROLES: { code: string; name: string; kind: string; permissions: string[] }[] = [
  {
    code: 'sysadmin',
    name: '系统管理员',
    kind: 'system',
    permissions: ['system:staff:manage', 'system:role:manage', 'system:department:manage', 'system:dict:manage', 'system:setting:manage'],
  },
  { code: 'auditor', name: '安全审计员', kind: 'audit', permissions: ['audit:log:view', 'audit:log:export', 'audit:stats:view'] },
  {
    code: 'editor',
    name: '内容编辑',
    kind: 'business',
    permissions: ['content:notice:edit', 'content:policy:edit', 'content:address-book:edit', 'content:service-item:edit'],
  },
  { code: 'publisher', name: '内容审核', kind: 'business', permissions: ['content:notice:publish', 'content:policy:publish'] },
  { code: 'dispatcher', name: '诉求受理员', kind: 'business', permissions: ['appeal:dispatch', 'evaluation:follow-up'] },
  { code: 'handler', name: '部门办理人', kind: 'business', permissions: ['appeal:handle'] },
  {
    code: 'reviewer',
    name: '申报审核员',
    kind: 'business',
    permissions: ['declare:project:edit', 'declare:review', 'declare:proclamation:edit', 'free-declare:project:edit', 'free-declare:manage'],
  },
  { code: 'payer', name: '兑付经办', kind: 'business', permissions: ['free-declare:pay'] },
];

/** Nothing may change an audit row, nor delete one younger than 180 days (等保: kept ≥ 6 months). */
const APPEND_ONLY_MESSAGE = 'audit_log is append-only: rows cannot be changed, nor deleted before 180 days';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);

  await withId(pg, db.schema.createTable('department'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(now()))
    .execute();

  // No staff account exists before this migration (nothing could create one), so the free-text
  // department column simply goes.
  await db.schema.alterTable('staff_account').dropColumn('department').execute();
  await db.schema.alterTable('staff_account').addColumn('department_id', 'integer', (c) => c.references('department.id')).execute();
  await db.schema.alterTable('staff_account').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  // Bumped by a password change, a reset or a disable: every session signed with an older epoch ends.
  await db.schema.alterTable('staff_account').addColumn('session_epoch', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('staff_account').addColumn('last_login_at', 'varchar(30)').execute();
  await db.schema.createIndex('staff_account_department_idx').on('staff_account').column('department_id').execute();

  await db.schema.alterTable('staff_role').addColumn('kind', 'varchar(20)', (c) => c.notNull().defaultTo('business')).execute();
  await db.schema.alterTable('staff_role').addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.deleteFrom('staff_account_role').execute();
  await db.deleteFrom('staff_role_permission').execute();
  await db.deleteFrom('staff_role').execute();
  for (const role of ROLES) {
    const { id } = await db
      .insertInto('staff_role')
      .values({ code: role.code, name: role.name, kind: role.kind, builtin: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('staff_role_permission')
      .values(role.permissions.map((permission) => ({ role_id: id, permission })))
      .execute();
  }

  // Audit rows of console writes: who (staff or enterprise user), what (object), result, changes.
  if (pg) await sql`alter table audit_log alter column action type varchar(60)`.execute(db);
  await db.schema.alterTable('audit_log').addColumn('actor_type', 'varchar(10)').execute();
  await db.schema.alterTable('audit_log').addColumn('object_type', 'varchar(40)').execute();
  await db.schema.alterTable('audit_log').addColumn('object_id', 'varchar(64)').execute();
  await db.schema.alterTable('audit_log').addColumn('result', 'varchar(10)', (c) => c.notNull().defaultTo('ok')).execute();
  await db.schema.alterTable('audit_log').addColumn('changes', 'text').execute();
  // The auditor's filters: person, action (exists since 0004), object, each newest first.
  await db.schema.createIndex('audit_log_login_idx').on('audit_log').columns(['login_name', 'at']).execute();
  await db.schema.createIndex('audit_log_staff_idx').on('audit_log').columns(['staff_id', 'at']).execute();
  await db.schema.createIndex('audit_log_object_idx').on('audit_log').columns(['object_type', 'object_id', 'at']).execute();

  if (pg) {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' or old.at > to_char((now() at time zone 'UTC') - interval '180 days', 'YYYY-MM-DD"T"HH24:MI:SS') then
          raise exception '${sql.raw(APPEND_ONLY_MESSAGE)}';
        end if;
        return old;
      end $$`.execute(db);
    await sql`create trigger audit_log_append_only before update or delete on audit_log for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log begin select raise(abort, '${sql.raw(APPEND_ONLY_MESSAGE)}'); end`.execute(db);
    await sql`
      create trigger audit_log_no_early_delete before delete on audit_log
      when old.at > strftime('%Y-%m-%dT%H:%M:%S', 'now', '-180 days')
      begin select raise(abort, '${sql.raw(APPEND_ONLY_MESSAGE)}'); end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = await isPostgres(db);
  if (pg) {
    await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
    await sql`drop function audit_log_append_only()`.execute(db);
  } else {
    await sql`drop trigger audit_log_no_update`.execute(db);
    await sql`drop trigger audit_log_no_early_delete`.execute(db);
  }
  for (const idx of ['audit_log_login_idx', 'audit_log_staff_idx', 'audit_log_object_idx', 'staff_account_department_idx']) {
    await db.schema.dropIndex(idx).execute();
  }
  for (const col of ['actor_type', 'object_type', 'object_id', 'result', 'changes']) await db.schema.alterTable('audit_log').dropColumn(col).execute();
  for (const col of ['kind', 'builtin']) await db.schema.alterTable('staff_role').dropColumn(col).execute();
  for (const col of ['department_id', 'must_change_password', 'session_epoch', 'last_login_at']) {
    await db.schema.alterTable('staff_account').dropColumn(col).execute();
  }
  await db.schema.alterTable('staff_account').addColumn('department', 'varchar(100)').execute();
  await db.schema.dropTable('department').execute();
}
