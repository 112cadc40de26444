import type { FileRef } from '#contract/envelope.ts';
import { BUREAU, shanghaiDayEnd, shanghaiDayStart } from '#contract/format.ts';
import type { FreeDeclareStatus } from '#contract/free-declare.ts';
import { OBJECTION_WORKING_DAYS } from '#contract/proclamation.ts';
import { DECLARE_RESUBMIT_WORKING_DAYS, DECLARE_REVIEW_WORKING_DAYS } from '#contract/declare-ent.console.ts';
import { usccCheckChar } from '#contract/validators.ts';
import { addWorkingDays } from '#server/platform/workflow/working-days.ts';
import { wanToYuan } from '#contract/declare-project.ts';
import * as accounts from '#server/modules/account/account.repository.ts';
import type { Db } from '../database.ts';
import { seedAccounts } from './accounts.ts';
import { demoAppealPlans, insertAppeals, publicAppealPlans, type Applicant, type Department } from './appeal.ts';
import { DEMO_ENTERPRISE, DEMO_STAFF_DEPARTMENT } from './demo.ts';
import { DECLARE_PROJECTS, FREE_PROJECTS, ZONE_ENTERPRISES, ZONE_PROFILES } from './enterprise.data.ts';
import type { Random } from './random.ts';

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString();
const yuan = (wan: number | null) => (wan === null ? null : wanToYuan(wan));

/** Stand-ins for uploads of the demo data (shipped under assets/public). */
const DEMO_FILES = {
  license: { name: '营业执照（副本）.pdf', path: 'public/demo-business-license.pdf' },
  finance: { name: '2025年度财务报表.pdf', path: 'public/demo-financial-report.pdf' },
  application: { name: '项目申报书.pdf', path: 'public/demo-application.pdf' },
} satisfies Record<string, FileRef>;

interface Ent extends Applicant {
  name: string;
}

/** The demo enterprise (seeded by the accounts seed; made here only if that has not run). */
async function demoEnterprise(db: Db): Promise<Ent> {
  const find = () =>
    db
      .selectFrom('enterprise as e')
      .innerJoin('userAccount as u', 'u.enterpriseId', 'e.id')
      .select(['e.id as enterpriseId', 'u.id as userId', 'e.name', 'e.contactName', 'u.nickName'])
      .where('e.uscc', '=', DEMO_ENTERPRISE.uscc)
      .where('u.phone', '=', DEMO_ENTERPRISE.phone)
      .executeTakeFirst();
  let row = await find();
  if (!row) {
    await seedAccounts(db);
    row = (await find())!;
  }
  return { enterpriseId: row.enterpriseId, userId: row.userId, name: row.name, contactName: row.contactName ?? row.nickName, contactPhone: DEMO_ENTERPRISE.phone };
}

/** Other enterprises of the zone, each with one user (no password: they only own demo records). */
async function zoneEnterprises(db: Db): Promise<Ent[]> {
  const out: Ent[] = [];
  for (const [i, [name, contactName, phone]] of ZONE_ENTERPRISES.entries()) {
    const first17 = `91310115MA1K5${'ABCDEF'[i]}${String(101 + i * 137).padStart(3, '0')}`;
    const enterpriseId = await accounts.insertEnterprise(db, { name, uscc: first17 + usccCheckChar(first17), contactName, contactPhone: phone });
    await accounts.updateEnterprise(db, enterpriseId, { provinceCode: '310000', cityCode: '310100', countyCode: '310115', address: '中国（上海）自由贸易试验区' });
    const userId = await accounts.insertUser(db, { phone, passwordHash: null, nickName: contactName, enterpriseId });
    out.push({ enterpriseId, userId, name, contactName, contactPhone: phone });
  }
  return out;
}

async function seedProjects(db: Db, now: Date) {
  const ids: number[] = [];
  for (const [i, p] of DECLARE_PROJECTS.entries()) {
    const stamp = iso(now.getTime() + (p.window[0] - 7) * DAY);
    const { id } = await db
      .insertInto('declareProject')
      .values({
        name: p.name,
        category: p.category,
        department: p.department,
        policyId: null,
        amountMin: yuan(p.amount[0]),
        amountMax: yuan(p.amount[1]),
        applyStart: shanghaiDayStart(now, p.window[0]).toISOString(),
        applyEnd: shanghaiDayEnd(now, p.window[1]).toISOString(),
        conditions: p.conditions,
        content: p.content,
        rules: p.rules ? JSON.stringify(p.rules) : null,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('declareMaterial')
      .values(p.materials.map(([name, required, template], sort) => ({ projectId: id, name, required: required ? 1 : 0, templateType: template, sort })))
      .execute();
    ids[i] = id;
  }
  return ids;
}

async function materialsOf(db: Db, projectId: number) {
  return db.selectFrom('declareMaterial').select(['id', 'name', 'required']).where('projectId', '=', projectId).orderBy('sort').execute();
}

/** The demo enterprise's declarations: a draft, one under review, one returned, one approved, one refused. */
async function seedDeclarations(db: Db, now: Date, projects: number[], demo: Ent) {
  const profile = await db.selectFrom('enterprise').selectAll().where('id', '=', demo.enterpriseId).executeTakeFirstOrThrow();
  const snapshot = {
    enterpriseName: profile.name,
    uscc: profile.uscc,
    legalPerson: profile.legalPerson,
    contactName: profile.contactName,
    contactPhone: profile.contactPhone,
    provinceCode: profile.provinceCode,
    cityCode: profile.cityCode,
    countyCode: profile.countyCode,
    address: profile.address,
  };
  const complete = async (projectId: number) =>
    JSON.stringify(
      (await materialsOf(db, projectId)).map((m) => ({
        materialId: m.id,
        files: [/财务/.test(m.name) ? DEMO_FILES.finance : /营业执照/.test(m.name) ? DEMO_FILES.license : DEMO_FILES.application],
      })),
    );
  const at = (daysAgo: number) => iso(now.getTime() - daysAgo * DAY);
  const content = '我司近三年持续加大研发投入，2025 年研发费用 356 万元，占营业收入 9.2%，本年度重点推进智能仓储分拣系统研发及产业化，已取得发明专利 2 项。';
  const [draftMaterials] = (await materialsOf(db, projects[0])).slice(0, 1);
  const base = { enterpriseId: demo.enterpriseId, userId: demo.userId, evaluationLevel: null, evaluationComment: null, evaluatedAt: null, reviewNote: null, reviewedAt: null, submittedAt: null };
  const inserted = await db
    .insertInto('declareEnt')
    .values([
      { ...base, projectId: projects[0], status: 'draft', ...snapshot, content: null, amountApplied: yuan(80), materials: JSON.stringify([{ materialId: draftMaterials.id, files: [DEMO_FILES.application] }]), createdAt: at(3), updatedAt: at(2) },
      {
        ...base,
        projectId: projects[1],
        status: 'submitted',
        ...snapshot,
        content,
        amountApplied: yuan(50),
        materials: await complete(projects[1]),
        submittedAt: at(4),
        reviewDueAt: addWorkingDays(at(4), DECLARE_REVIEW_WORKING_DAYS).toISOString(),
        createdAt: at(6),
        updatedAt: at(4),
      },
      {
        ...base,
        projectId: projects[3],
        status: 'returned',
        ...snapshot,
        content,
        amountApplied: yuan(60),
        materials: await complete(projects[3]),
        submittedAt: at(12),
        reviewedAt: at(8),
        reviewNote: '请补充项目验收报告原件扫描件，并核对申请金额与软硬件投入明细是否一致。',
        resubmitDueAt: addWorkingDays(at(8), DECLARE_RESUBMIT_WORKING_DAYS).toISOString(),
        createdAt: at(15),
        updatedAt: at(8),
      },
      {
        ...base,
        projectId: projects[7],
        status: 'approved',
        ...snapshot,
        content,
        amountApplied: yuan(30),
        amountApproved: yuan(30),
        materials: await complete(projects[7]),
        submittedAt: at(20),
        reviewedAt: at(6),
        createdAt: at(25),
        updatedAt: at(6),
      },
      {
        ...base,
        projectId: projects[5],
        status: 'refused',
        ...snapshot,
        content,
        amountApplied: yuan(10),
        materials: await complete(projects[5]),
        submittedAt: at(40),
        reviewedAt: at(28),
        reviewNote: '申报人员社会保险缴纳未满一年，不符合申报条件。',
        evaluationLevel: 3,
        evaluationComment: '审核意见说明清楚，希望下一批次放宽条件。',
        evaluatedAt: at(27),
        createdAt: at(45),
        updatedAt: at(27),
      },
    ])
    .returning(['id', 'status', 'submittedAt', 'reviewedAt', 'reviewNote', 'amountApproved'])
    .execute();
  // The history each enterprise page shows: the submission, then the bureau's result.
  const timeline = inserted.flatMap((d) => [
    ...(d.submittedAt ? [{ declareEntId: d.id, action: 'submitted', actor: '申请企业', note: null, staffName: null, at: d.submittedAt }] : []),
    ...(d.reviewedAt
      ? [{ declareEntId: d.id, action: d.status, actor: BUREAU, note: d.status === 'approved' ? `核定金额 ${(d.amountApproved ?? 0) / 10_000} 万元` : d.reviewNote, staffName: null, at: d.reviewedAt }]
      : []),
  ]);
  await db.insertInto('declareEntTimeline').values(timeline).execute();
}

/** 公示 of the three closed projects; the newest is still in its objection period. */
async function seedProclamations(db: Db, now: Date, projects: number[], demo: Ent, zone: Ent[]) {
  const lists: [projectIndex: number, daysAgo: number, [Ent, number][]][] = [
    [7, 3, [[demo, 30], [zone[0], 50], [zone[2], 12.5], [zone[5], 8]]],
    [5, 20, [[zone[3], 24], [zone[4], 16], [zone[1], 6]]],
    [6, 35, [[zone[0], 30], [zone[3], 18.6], [zone[4], 9.25], [zone[5], 4.8]]],
  ];
  for (const [index, daysAgo, list] of lists) {
    const project = DECLARE_PROJECTS[index];
    const publishAt = new Date(now.getTime() - daysAgo * DAY);
    await db
      .insertInto('proclamation')
      .values({
        projectId: projects[index],
        title: `关于${project.name}拟支持企业名单的公示`,
        content: `<p>根据《${project.name}申报指南》，经企业申报、部门初审和专家评审，现将拟支持企业名单予以公示。</p><p>公示期间，任何单位和个人对公示内容有异议的，可通过本平台实名提出异议，或致电 021-58880000 反映。逾期不予受理。</p><p style="text-align:right">某某综合保税区企业服务局</p>`,
        enterprises: JSON.stringify(list.map(([e, wan]) => ({ enterpriseName: e.name, amount: wanToYuan(wan) }))),
        publishAt: publishAt.toISOString(),
        objectionEndAt: addWorkingDays(publishAt, OBJECTION_WORKING_DAYS).toISOString(),
        createdAt: publishAt.toISOString(),
      })
      .execute();
  }
}

/** 免申即享 projects and the enterprises the bureau found eligible; the demo one has two rows to confirm. */
async function seedFreeProjects(db: Db, now: Date, demo: Ent, zone: Ent[]) {
  const ids: number[] = [];
  for (const p of FREE_PROJECTS) {
    const publishAt = iso(now.getTime() - p.daysAgo * DAY);
    const { id } = await db
      .insertInto('freeProject')
      .values({
        name: p.name,
        category: p.category,
        department: p.department,
        policyId: null,
        amountMin: yuan(p.amount[0]),
        amountMax: yuan(p.amount[1]),
        conditions: p.conditions,
        rules: p.rules ? JSON.stringify(p.rules) : null,
        content: `<p>${p.conditions}</p><p>符合条件的企业无需提交申请，由部门根据共享数据主动识别。企业登录本平台核对信息、确认收款账户后，资金直接拨付到账。</p>`,
        publishAt,
        createdAt: publishAt,
        updatedAt: publishAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  const reasons = (i: number) => JSON.stringify(FREE_PROJECTS[i].reasons.map(([condition, source]) => ({ condition, source })));
  const row = (i: number, e: Ent, wan: number, status: FreeDeclareStatus, daysAgo: number) => {
    const stamp = iso(now.getTime() - daysAgo * DAY);
    const done = status === 'confirmed' || status === 'paid';
    return {
      freeProjectId: ids[i],
      enterpriseId: e.enterpriseId,
      amount: wanToYuan(wan),
      status,
      reasons: reasons(i),
      contactName: done ? e.contactName : null,
      contactPhone: done ? e.contactPhone : null,
      bankName: done ? '中国工商银行上海自贸试验区分行' : null,
      bankAccount: done ? '1001244309300' + String(e.enterpriseId).padStart(6, '0') : null,
      remark: null,
      confirmedAt: done ? iso(now.getTime() - (daysAgo - 2) * DAY) : null,
      confirmedBy: done ? e.userId : null,
      paidAt: status === 'paid' ? iso(now.getTime() - (daysAgo - 9) * DAY) : null,
      createdAt: stamp,
      updatedAt: stamp,
    };
  };
  await db
    .insertInto('freeDeclareEnt')
    .values([
      row(0, demo, 20, 'pending_confirm', 10),
      row(1, demo, 3.26, 'pending_confirm', 25),
      row(3, demo, 4.5, 'paid', 55),
      row(0, zone[4], 20, 'confirmed', 10),
      row(1, zone[1], 12.8, 'paid', 28),
      row(1, zone[5], 1.35, 'pending_confirm', 28),
      row(2, zone[0], 6.72, 'paid', 40),
      row(2, zone[2], 2.1, 'declined', 40),
      row(4, zone[3], 10, 'paid', 85),
    ])
    .execute();
}

/** The zone's enterprises' profiles, as a department's data verified them (the demo enterprise fills in its own). */
async function seedProfiles(db: Db, now: Date, zone: Ent[]) {
  const updatedAt = iso(now.getTime() - 30 * DAY);
  const rows = ZONE_PROFILES.flatMap((p, i) =>
    Object.entries(p.attributes).map(([attr, value]) => ({ enterpriseId: zone[i].enterpriseId, attr, source: 'verified', value: JSON.stringify(value), department: p.department, updatedAt })),
  );
  await db.insertInto('enterpriseAttribute').values(rows).execute();
}

/** The bureau's departments (seeded with the staff), the demo handler's first; none if the staff seed has not run. */
async function departmentsOf(db: Db): Promise<Department[]> {
  const rows = await db.selectFrom('department').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
  const own = rows.filter((d) => d.name === DEMO_STAFF_DEPARTMENT);
  return [...own, ...rows.filter((d) => d.name !== DEMO_STAFF_DEPARTMENT)];
}

/** Service commissioners (服务专员) for every enterprise, and a few stars for the demo user. */
async function seedUserBook(db: Db, demo: Ent, zone: Ent[]) {
  const entries = await db.selectFrom('addressBook').select(['id', 'name', 'department']).orderBy('id').execute();
  if (!entries.length) return;
  const commissioners = entries.filter((e) => e.name.startsWith('服务专员'));
  const pool = commissioners.length ? commissioners : entries.filter((e) => e.department === '企业服务局');
  const pick = (i: number) => (pool.length ? pool[i % pool.length] : entries[0]);
  await db
    .insertInto('enterpriseCommissioner')
    .values([demo, ...zone].map((e, i) => ({ enterpriseId: e.enterpriseId, entryId: pick(i).id, assignedAt: new Date(0).toISOString() })))
    .execute();
  const starred = ['企业服务中心综合窗口', '政策咨询窗口', '通关业务科'].flatMap((n) => entries.filter((e) => e.name === n).map((e) => e.id));
  if (starred.length) await db.insertInto('addressBookStar').values(starred.map((entryId) => ({ userId: demo.userId, entryId }))).execute();
}

/**
 * Enterprise-services demo data (docs/domain.md "Demo data"): 8 projects in all three states with
 * materials and templates, 3 proclamations, 5 免申即享 projects with eligible enterprises, 20 public
 * appeals (× scale) in every state from several enterprises, and for the demo enterprise appeals in
 * every state, declarations in several states and two 免申即享 rows to confirm.
 */
export async function seedEnterpriseServices(db: Db, rnd: Random, now: Date, scale = 1): Promise<void> {
  const demo = await demoEnterprise(db);
  const zone = await zoneEnterprises(db);
  const projects = await seedProjects(db, now);
  await seedDeclarations(db, now, projects, demo);
  await seedProclamations(db, now, projects, demo, zone);
  await seedFreeProjects(db, now, demo, zone);
  await insertAppeals(db, rnd, now, [...publicAppealPlans(rnd, zone, 20 * scale, await departmentsOf(db)), ...demoAppealPlans(demo, [DEMO_FILES.license])]);
  await seedUserBook(db, demo, zone);
  await seedProfiles(db, now, zone);
}
