import {
  PHRASE_DEPARTMENT_EDIT,
  PHRASE_KIND,
  PHRASE_MAX_PER_LIST,
  PHRASE_USERS,
  type Phrase,
  type PhraseKind,
  type PhraseList,
  type PhraseSaveInput,
  type PhraseScope,
} from '#contract/phrase.ts';
import type { StaffActor } from '#contract/staff.ts';
import type { Deps } from '#server/deps.ts';
import { badRequest, forbidden, notFound } from '#server/platform/http/errors.ts';
import * as repo from './phrase.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findPhrase>>>;

const toPhrase = (r: Row): Phrase => ({ id: r.id, kind: r.kind as PhraseKind, scope: r.staffId !== null ? 'mine' : 'department', text: r.text, updatedAt: r.updatedAt });

const usesKind = (staff: StaffActor, kind: PhraseKind) => PHRASE_USERS[kind].some((p) => staff.permissions.includes(p));
const editsDepartment = (staff: StaffActor) => staff.departmentId !== null && staff.permissions.includes(PHRASE_DEPARTMENT_EDIT);

/** The person's list of a scope; a department list only for a member who may keep it. */
function ownerOf(staff: StaffActor, scope: PhraseScope): repo.PhraseOwner {
  if (scope === 'mine') return { staffId: staff.id };
  if (staff.departmentId === null) throw badRequest('您未归属任何部门，只能维护自己的常用语');
  if (!editsDepartment(staff)) throw forbidden('本部门常用语由部门负责维护，您可以把它加到“我的常用语”');
  return { departmentId: staff.departmentId };
}

function requireKind(staff: StaffActor, kind: PhraseKind) {
  if (!usesKind(staff, kind)) throw forbidden(`您的岗位不使用“${PHRASE_KIND[kind]}”常用语`);
}

/**
 * 常用语 (docs/console.md "常用语"): each list is read and kept by its owner only: one's own, and the
 * department's by the members who may keep it (`phrase:department:edit`). A phrase of someone
 * else's list is "not found", not "forbidden": its existence is not the asker's business.
 */
export function createPhraseService({ db }: Deps) {
  async function mineToChange(staff: StaffActor, id: number): Promise<Row> {
    const row = await repo.findPhrase(db, id);
    const visible = row && (row.staffId === staff.id || (row.departmentId !== null && row.departmentId === staff.departmentId));
    if (!row || !visible) throw notFound('该常用语不存在或已删除');
    requireKind(staff, row.kind as PhraseKind);
    if (row.departmentId !== null && !editsDepartment(staff)) throw forbidden('本部门常用语由部门负责维护，您可以把它加到“我的常用语”');
    return row;
  }

  return {
    async list(staff: StaffActor, kind: PhraseKind): Promise<PhraseList> {
      requireKind(staff, kind);
      const [mine, department] = await Promise.all([
        repo.listPhrases(db, { staffId: staff.id }, kind),
        staff.departmentId === null ? Promise.resolve([]) : repo.listPhrases(db, { departmentId: staff.departmentId }, kind),
      ]);
      return {
        kind,
        mine: mine.map(toPhrase),
        department: department.map(toPhrase),
        departmentName: staff.departmentId === null ? null : (staff.departmentName ?? null),
        editsDepartment: editsDepartment(staff),
      };
    },

    async save(staff: StaffActor, input: PhraseSaveInput): Promise<Phrase> {
      const at = new Date().toISOString();
      if (input.id) {
        const row = await mineToChange(staff, input.id);
        const others = await repo.listPhrases(db, row.staffId !== null ? { staffId: row.staffId } : { departmentId: row.departmentId! }, row.kind as PhraseKind);
        if (others.some((p) => p.id !== row.id && p.text === input.text)) throw badRequest('列表中已有相同的常用语', { text: '列表中已有相同的常用语' });
        await repo.updatePhraseText(db, row.id, input.text, at);
        return toPhrase((await repo.findPhrase(db, row.id))!);
      }
      requireKind(staff, input.kind);
      const owner = ownerOf(staff, input.scope);
      const list = await repo.listPhrases(db, owner, input.kind);
      if (list.some((p) => p.text === input.text)) throw badRequest('列表中已有相同的常用语', { text: '列表中已有相同的常用语' });
      if (list.length >= PHRASE_MAX_PER_LIST) throw badRequest(`每个列表最多 ${PHRASE_MAX_PER_LIST} 条常用语，请先删除不再使用的`);
      const id = await repo.insertPhrase(db, owner, input.kind, input.text, at);
      return toPhrase((await repo.findPhrase(db, id))!);
    },

    async remove(staff: StaffActor, id: number): Promise<void> {
      const row = await mineToChange(staff, id);
      await repo.deletePhrase(db, row.id);
    },
  };
}
