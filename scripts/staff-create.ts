import { parseArgs } from 'node:util';
import { userInfo } from 'node:os';
import { STAFF_ROLES } from '#contract/permissions.ts';
import { staffCreateSchema } from '#contract/staff.ts';
import { loadConfig } from '#server/config.ts';
import { createDb } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { AppError } from '#server/platform/http/errors.ts';
import { insertAudit } from '#server/modules/audit/audit.repository.ts';
import { findDepartmentByName } from '#server/modules/department/department.repository.ts';
import { createStaffService } from '#server/modules/staff/staff.service.ts';
import { createStaffGrants } from '#server/modules/staff/staff-grants.ts';
import { MemoryKv } from '#server/platform/store/kv.ts';

/**
 * npm run staff:create -- --role sysadmin --login NAME --phone PHONE [--name 姓名] [--department 部门名称]
 * The first administrator of a real install (docs/console.md "Identity"): creates the account in the
 * database named by the environment and prints a one-time password, to be changed at the first
 * sign-in. The creation is an audit row like any other.
 */
const usage = '用法：npm run staff:create -- --role sysadmin --login 登录账号 --phone 手机号 [--name 姓名] [--department 部门名称]';
let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({
    options: { role: { type: 'string' }, login: { type: 'string' }, phone: { type: 'string' }, name: { type: 'string' }, department: { type: 'string' } },
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(1);
}
if (!values.role || !values.login || !values.phone) {
  console.error(`缺少参数。${usage}\n角色：${Object.entries(STAFF_ROLES).map(([code, r]) => `${code}（${r.name}）`).join('、')}`);
  process.exit(1);
}

const config = loadConfig();
const db = createDb(config.database);
try {
  await migrateToLatest(db);
  const department = values.department ? await findDepartmentByName(db, values.department) : undefined;
  if (values.department && !department) throw new AppError(400, `部门“${values.department}”不存在，请先在管理后台创建，或省略 --department`);
  const input = staffCreateSchema.safeParse({
    loginName: values.login,
    name: values.name ?? values.login,
    phone: values.phone,
    departmentId: department?.id ?? null,
    roles: [values.role],
  });
  if (!input.success) throw new AppError(400, input.error.issues.map((i) => i.message).join('；'));
  // Only the database is used: no log, and a kv store of its own (a new account is in no server's grants cache).
  const staff = createStaffService({ db } as Parameters<typeof createStaffService>[0], createStaffGrants({ kv: new MemoryKv() }));
  const { id, password } = await staff.create(input.data);
  await insertAudit(db, {
    action: 'staff.create',
    actorType: null,
    loginName: input.data.loginName,
    objectType: 'staff',
    objectId: String(id),
    result: 'ok',
    ip: 'localhost',
    detail: `命令行创建（npm run staff:create，系统用户 ${userInfo().username}）`,
    changes: JSON.stringify({ loginName: input.data.loginName, name: input.data.name, roles: input.data.roles }),
  });
  console.log(`已创建工作人员 ${input.data.loginName}（${STAFF_ROLES[values.role as keyof typeof STAFF_ROLES]?.name ?? values.role}）。`);
  console.log(`一次性密码：${password}`);
  console.log('请在 /console/login 登录（短信验证码发送至所填手机号），首次登录后须立即修改密码。此密码不会再次显示。');
} catch (err) {
  console.error(err instanceof AppError ? `创建失败：${err.message}` : err);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
