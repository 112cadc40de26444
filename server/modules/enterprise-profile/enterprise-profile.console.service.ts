import { ATTRIBUTE_CODES, isAttributeCode, type AttributeCode } from '#contract/enterprise-profile.ts';
import type { Dossier, DossierAttribute, DossierChange, DossierList, DossierQuery } from '#contract/enterprise-dossier.ts';
import type { Paging } from '#contract/paging.ts';
import type { Permission } from '#contract/permissions.ts';
import type { StaffActor } from '#contract/staff.ts';
import type { Deps } from '#server/deps.ts';
import { notFound } from '#server/platform/http/errors.ts';
import { toPage } from '#server/platform/http/paging.ts';
import * as repo from './enterprise-profile.console.repository.ts';
import { listAttributes, pushSmsPhoneOf, type AttributeRow } from './enterprise-profile.repository.ts';

const FIRST_PAGE_SIZE = 10;

type Actor = Pick<StaffActor, 'departmentId' | 'permissions'>;
const can = (actor: Actor, p: Permission) => actor.permissions.includes(p);

/** Each attribute from each source, in the order of the profile form. */
function attributesOf(rows: AttributeRow[]): DossierAttribute[] {
  const out = new Map<string, DossierAttribute>();
  for (const r of rows) {
    if (!isAttributeCode(r.attr)) continue;
    const entry = out.get(r.attr) ?? { code: r.attr, self: null, verified: null };
    if (r.source === 'self') entry.self = { value: JSON.parse(r.value), updatedAt: r.updatedAt };
    if (r.source === 'verified') entry.verified = { value: JSON.parse(r.value), department: r.department, updatedAt: r.updatedAt };
    out.set(r.attr, entry);
  }
  return ATTRIBUTE_CODES.flatMap((code) => out.get(code) ?? []);
}

type ChangeRow = Awaited<ReturnType<typeof repo.changesOf>>['records'][number];

/** A change as staff read it: the values parsed, and who wrote it in words. */
function changeOf(c: ChangeRow, code: AttributeCode): DossierChange {
  const parse = (v: string | null) => (v === null ? null : JSON.parse(v));
  const by = c.source === 'self' ? c.userName && `企业账号 ${c.userName}` : c.fileName && `${c.staffName ?? '工作人员'} 导入《${c.fileName}》`;
  return {
    id: c.id,
    code,
    source: c.source === 'self' ? 'self' : 'verified',
    department: c.department,
    before: parse(c.valueBefore),
    after: parse(c.valueAfter),
    by: by || null,
    changedAt: c.changedAt,
  };
}

/**
 * 一企一档 of one enterprise for staff (docs/console.md "一企一档 and 匹配条件"). Whoever may open
 * the list sees the particulars, the profile and the appeals' titles and states; declarations
 * need 审核项目申报, 免申即享 rows 导入与维护免申即享名单, pushes the one of their project's kind, and
 * the messages (which speak of all of them) both. A link goes to the console's page of the record
 * only where the staff member may open it (an appeal: its dispatchers, or its own department).
 */
export function createEnterpriseDossierService({ db }: Deps) {
  return {
    async detail(actor: Actor, q: DossierQuery): Promise<Dossier> {
      const enterprise = await repo.findEnterprise(db, q.id);
      if (!enterprise) throw notFound('该企业不存在');
      const paging = (list: DossierList): Paging => (q.list === list ? q : { currentPage: 1, pageSize: FIRST_PAGE_SIZE });
      const review = can(actor, 'declare:review');
      const manage = can(actor, 'free-declare:manage');
      const kinds = [...(review ? ['declare-project'] : []), ...(manage ? ['free-project'] : [])];
      const seesAppeals = can(actor, 'appeal:dispatch') || can(actor, 'evaluation:follow-up');
      const ownAppeal = (departmentId: number | null) => can(actor, 'appeal:handle') && departmentId !== null && departmentId === actor.departmentId;

      const [rows, phone, appeals, declarations, freeDeclares, messages, pushes, changes] = await Promise.all([
        listAttributes(db, q.id),
        pushSmsPhoneOf(db, q.id),
        repo.appealsOf(db, q.id, paging('appeals')),
        review ? repo.declarationsOf(db, q.id, paging('declarations')) : null,
        manage ? repo.freeDeclaresOf(db, q.id, paging('freeDeclares')) : null,
        review && manage ? repo.messagesOf(db, q.id, paging('messages')) : null,
        kinds.length ? repo.pushesOf(db, q.id, kinds, paging('pushes')) : null,
        repo.changesOf(db, q.id, paging('changes')),
      ]);
      return {
        enterprise,
        attributes: attributesOf(rows),
        pushSms: phone !== null,
        appeals: toPage(
          appeals.records.map(({ departmentId, ...a }) => ({ ...a, link: seesAppeals || ownAppeal(departmentId) ? `/console/appeal/${a.id}` : null })),
          appeals.total,
          paging('appeals'),
        ),
        declarations:
          declarations &&
          toPage(
            declarations.records.map(({ updatedAt: _updatedAt, ...d }) => ({ ...d, link: `/console/declare/${d.id}` })),
            declarations.total,
            paging('declarations'),
          ),
        freeDeclares:
          freeDeclares &&
          toPage(
            freeDeclares.records.map(({ freeProjectId, ...r }) => ({ ...r, link: `/console/free-declare/rows?projectId=${freeProjectId}&keyword=${enterprise.uscc}` })),
            freeDeclares.total,
            paging('freeDeclares'),
          ),
        messages: messages && toPage(messages.records, messages.total, paging('messages')),
        pushes:
          pushes &&
          toPage(
            pushes.records.map((r) => {
              const editor = r.kind === 'declare-project' ? can(actor, 'declare:project:edit') : can(actor, 'free-declare:project:edit');
              const projectName = r.projectName ?? '（项目已删除）';
              return {
                kind: r.kind as 'declare-project' | 'free-project',
                projectId: r.projectId,
                projectName,
                verdict: r.verdict as 'eligible' | 'maybe',
                toldAt: r.toldAt,
                sms: r.sms as 'pending' | 'sent' | 'failed' | null,
                link: editor && r.projectName ? `/console/${r.kind}?keyword=${encodeURIComponent(projectName)}` : null,
              };
            }),
            pushes.total,
            paging('pushes'),
          ),
        changes: toPage(
          changes.records.flatMap((c) => (isAttributeCode(c.attr) ? [changeOf(c, c.attr)] : [])),
          changes.total,
          paging('changes'),
        ),
      };
    },
  };
}

export type EnterpriseDossierService = ReturnType<typeof createEnterpriseDossierService>;
