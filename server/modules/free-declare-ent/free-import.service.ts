import { beijingToday, type Profile } from '#contract/enterprise-profile.ts';
import { FREE_IMPORT_COLUMNS, FREE_IMPORT_MAX_ROWS, IMPORT_ORIGINS, type ImportGenerate, type ImportPreview, type ImportPreviewRow, type ImportResult } from '#contract/free-declare-ent.console.ts';
import { yuanToWan } from '#contract/declare-project.ts';
import type { Rule } from '#contract/match-rules.ts';
import { officeOf, type StaffActor } from '#contract/staff.ts';
import { badRequest, conflict, notFound } from '#server/platform/http/errors.ts';
import { parseId } from '#server/platform/http/paging.ts';
import { headerHelp, importTemplate, missingColumns, readImportFile, beforeReading, sheetKindOf, type SheetLayout, type UploadedSheet } from '#server/platform/sheet-import.ts';
import type { Deps } from '#server/deps.ts';
import type { MessageService, Notice } from '../message/message.service.ts';
import { cleanFileName } from '../files/files.service.ts';
import { checkRows, mapHeader, toRawRow, type ColumnMap } from './free-import.check.ts';
import { rowsFromRules } from './free-import.rules.ts';
import { freeRowLink } from './free-declare-ent.console.service.ts';
import * as repo from './free-import.repository.ts';

/** A checked row waiting in its batch: [uscc, name, amount 元, condition, source]. */
type StoredRow = [string, string, number, string, string];

const LAYOUT: SheetLayout<ColumnMap> = {
  noun: '名单',
  findHeader: mapHeader,
  missing: (map) => missingColumns(FREE_IMPORT_COLUMNS, map.index),
  help: headerHelp(FREE_IMPORT_COLUMNS),
  maxRows: FREE_IMPORT_MAX_ROWS,
};

/** A list goes only to a published project: a draft is not public yet, a closed one is over. */
function refuseUnlessPublished(status: string) {
  if (status === 'draft') throw conflict('该项目还是草稿，请先在「免申即享项目」中发布，再导入名单');
  if (status === 'closed') throw conflict('该项目已结束，不能再导入名单');
}

type CheckedRow = ImportPreviewRow & { yuan: number | null };
type Project = NonNullable<Awaited<ReturnType<typeof repo.findProject>>>;

/**
 * 免申即享 lists from a spreadsheet (docs/console.md "免申即享") or from the project's rules:
 * `preview` reads the file as a stream, checks every row and keeps the good ones in a batch without
 * touching the list; `commit` writes the batch in one transaction (new enterprises first, then the
 * rows, their timeline and the messages), and answers the same result however often it is called.
 */
export function createFreeImportService({ config, db }: Deps, { message, profiles }: { message: MessageService; profiles: () => Promise<Map<number, Profile>> }) {
  async function publishedProject(rawProjectId: unknown): Promise<Project> {
    if (rawProjectId === undefined || rawProjectId === null || rawProjectId === '') throw badRequest('请选择免申即享项目', { projectId: '请选择免申即享项目' });
    const project = await repo.findProject(db, parseId(rawProjectId, '免申即享项目'));
    if (!project) throw badRequest('该免申即享项目不存在，请重新选择', { projectId: '该免申即享项目不存在，请重新选择' });
    refuseUnlessPublished(project.status);
    return project;
  }

  /** Keeps the rows that will be written as a batch, the file's and the rules' alike, and answers the preview. */
  async function keep(staff: StaffActor, project: Project, origin: ImportPreview['origin'], fileName: string, checked: CheckedRow[], unmatched = 0): Promise<ImportPreview> {
    const good: StoredRow[] = checked.filter((r) => !r.errors.length && !r.existing).map((r) => [r.uscc, r.enterpriseName, r.yuan!, r.condition, r.source]);
    const invalid = checked.filter((r) => r.errors.length).length;
    const batchId = await repo.insertImport(db, {
      freeProjectId: project.id,
      fileName,
      staffId: staff.id,
      total: checked.length,
      invalid,
      rows: JSON.stringify(good),
      createdAt: new Date().toISOString(),
    });
    return {
      batchId,
      origin,
      projectId: project.id,
      projectName: project.name,
      fileName,
      total: checked.length,
      valid: good.length,
      invalid,
      existing: checked.filter((r) => r.existing).length,
      unmatched,
      rows: checked.map(({ yuan: _yuan, ...r }) => r),
    };
  }

  return {
    async preview(staff: StaffActor, rawProjectId: unknown, upload: UploadedSheet): Promise<ImportPreview> {
      const fileName = cleanFileName(upload.filename);
      const { kind, project } = await beforeReading(upload, async () => ({ kind: sheetKindOf(fileName, LAYOUT.noun), project: await publishedProject(rawProjectId) }));
      const { map, rows } = await readImportFile(upload, kind, config.uploadMaxBytes, LAYOUT, toRawRow);

      const valid = rows.filter((r) => r.uscc.length === 18);
      const enterprises = await repo.enterprisesByUscc(
        db,
        valid.map((r) => r.uscc),
      );
      const byUscc = new Map(enterprises.map((e) => [e.uscc, { id: e.id, name: e.name }]));
      const listed = await repo.listedOn(
        db,
        project.id,
        enterprises.map((e) => e.id),
      );
      const checked = checkRows(rows, { project, amountInYuan: map.amountInYuan, enterprises: byUscc, listed });
      return keep(staff, project, 'file', fileName, checked);
    },

    /**
     * 按匹配条件生成: the list from the project's rules on verified attributes only, through the
     * same batch and commit as a file (docs/matching.md "免申即享 from the rules").
     */
    async generate(staff: StaffActor, input: ImportGenerate): Promise<ImportPreview> {
      const project = await publishedProject(input.projectId);
      if (!project.rules) throw badRequest('该项目还没有设置匹配条件，请先在「免申即享项目」中设置，或上传名单文件', { projectId: '该项目还没有设置匹配条件' });
      const yuan = Math.round(input.amount * 10_000);
      if ((project.amountMin !== null && yuan < project.amountMin) || (project.amountMax !== null && yuan > project.amountMax))
        throw badRequest(`金额须在本项目的范围内（${[project.amountMin, project.amountMax].map((v) => (v === null ? '不限' : `${yuanToWan(v)} 万元`)).join(' 至 ')}）`, { amount: '金额超出本项目的范围' });
      const [enterprises, all] = await Promise.all([repo.allEnterprises(db), profiles()]);
      const listed = await repo.listedOn(
        db,
        project.id,
        enterprises.map((e) => e.id),
      );
      const { rows, unmatched } = rowsFromRules({ rule: JSON.parse(project.rules) as Rule, enterprises, profiles: all, listed, yuan, today: beijingToday() });
      if (!rows.length) throw badRequest(`按部门核实的数据，没有企业符合或可能符合该项目的匹配条件（共核对 ${enterprises.length} 家企业）`);
      return keep(staff, project, 'rules', IMPORT_ORIGINS.rules, rows, unmatched);
    },

    async commit(staff: StaffActor, rawBatchId: unknown): Promise<ImportResult> {
      const batch = await repo.findImport(db, parseId(rawBatchId, '导入批次'));
      if (!batch) throw notFound('该导入批次不存在，请重新上传名单');
      const stored = () => repo.findImport(db, batch.id).then((b) => ({ created: b!.created ?? 0, skipped: b!.skipped ?? 0 }));
      if (batch.status === 'committed') return stored();
      const project = (await repo.findProject(db, batch.freeProjectId))!;
      refuseUnlessPublished(project.status);

      const at = new Date().toISOString();
      const outcome = await db.transaction().execute(async (trx) => {
        // A double click or a second tab: the batch is claimed once, the other call reads its result.
        if (!(await repo.claimImport(trx, batch.id, at))) return null;
        const rows = JSON.parse(batch.rows) as StoredRow[];
        // Checked at preview; checked again here, since enterprises may have registered meanwhile.
        const known = new Map(
          (
            await repo.enterprisesByUscc(
              trx,
              rows.map((r) => r[0]),
            )
          ).map((e) => [e.uscc, e]),
        );
        await repo.insertEnterprises(
          trx,
          rows.filter((r) => !known.has(r[0])).map(([uscc, name]) => ({ uscc, name })),
          at,
        );
        const ids = new Map(
          (
            await repo.enterprisesByUscc(
              trx,
              rows.map((r) => r[0]),
            )
          ).map((e) => [e.uscc, e]),
        );
        const writable = rows.filter(([uscc, name]) => ids.get(uscc)?.name === name);
        const created = await repo.insertRows(
          trx,
          project.id,
          batch.id,
          writable.map(([uscc, , amount, condition, source]) => ({
            enterpriseId: ids.get(uscc)!.id,
            amount,
            reasons: JSON.stringify(condition || source ? [{ condition: condition || project.name, source: source || '主管部门数据' }] : []),
          })),
          at,
        );
        await repo.insertTimeline(
          trx,
          created.map((r) => ({
            freeDeclareEntId: r.id,
            action: 'listed',
            actor: officeOf(staff),
            note: `列入“${project.name}”免申即享名单，请核对信息并确认收款账户`,
            staffName: staff.name,
            at,
          })),
        );
        const phones = await repo.enterprisePhones(
          trx,
          created.map((r) => r.enterpriseId),
        );
        const notices: Notice[] = created.map((r) => ({
          enterpriseId: r.enterpriseId,
          title: `您已列入“${project.name}”免申即享名单`.slice(0, 100),
          content: `经核查，贵企业符合“${project.name}”的兑付条件，无需申报。请核对信息、填写收款账户后确认。`,
          link: freeRowLink(r.id),
          sms: { phone: phones.get(r.enterpriseId) ?? null, template: 'free_declare_listed', subject: project.name },
        }));
        const smsIds = await message.recordMany(trx, notices);
        const result = { created: created.length, skipped: batch.total - created.length };
        await repo.finishImport(trx, batch.id, result.created, result.skipped);
        return { result, smsIds };
      });
      if (!outcome) {
        const again = await repo.findImport(db, batch.id);
        if (again?.status === 'committed' && again.created !== null) return stored();
        throw conflict('该批次正在由其他人导入，请稍后刷新查看结果');
      }
      message.deliver(outcome.smsIds);
      return outcome.result;
    },

    /** The import template: the header row and one example line, as .xlsx. */
    template: () =>
      importTemplate(
        '名单',
        FREE_IMPORT_COLUMNS.map((c) => ({ header: c.label, key: c.key, width: c.key === 'enterpriseName' || c.key === 'condition' ? 36 : 22 })),
        { uscc: '91310115MA1K3YJ31F', enterpriseName: '上海示例贸易有限公司', amount: 2.5, condition: '上年度进出口额 1000 万美元以上', source: '海关统计数据' },
      ),
  };
}

export type FreeImportService = ReturnType<typeof createFreeImportService>;
