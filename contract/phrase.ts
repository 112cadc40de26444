import { z } from './zod.ts';
import { recordId } from './envelope.ts';
import type { Permission } from './permissions.ts';

/**
 * 常用语 (docs/console.md "常用语"): sentences a clerk types many times a day, kept per staff member
 * (我的) and per department (本部门, shared), inserted into a step's text with one click.
 */
export const PHRASE_KIND = { reply: '答复', accept: '受理意见', return: '退回意见' } as const;
export type PhraseKind = keyof typeof PHRASE_KIND;
export const PHRASE_KINDS = Object.keys(PHRASE_KIND) as [PhraseKind, ...PhraseKind[]];

export const PHRASE_SCOPE = { mine: '我的常用语', department: '本部门常用语' } as const;
export type PhraseScope = keyof typeof PHRASE_SCOPE;
export const PHRASE_SCOPES = Object.keys(PHRASE_SCOPE) as [PhraseScope, ...PhraseScope[]];

/** Who writes each kind of text: a kind is offered, and kept, only by those who use it. */
export const PHRASE_USERS: Record<PhraseKind, readonly Permission[]> = {
  reply: ['appeal:handle', 'appeal:dispatch'],
  accept: ['appeal:dispatch', 'declare:review'],
  return: ['appeal:dispatch', 'declare:review', 'content:notice:publish', 'content:policy:publish'],
};
export const PHRASE_READERS = [...new Set(Object.values(PHRASE_USERS).flat())] as Permission[];
/** Keeps the department's shared lists (of the kinds the person uses). */
export const PHRASE_DEPARTMENT_EDIT: Permission = 'phrase:department:edit';

export const PHRASE_MIN_CHARS = 2;
export const PHRASE_MAX_CHARS = 500;
/** A picker longer than this is scrolled, not read: each list holds at most this many. */
export const PHRASE_MAX_PER_LIST = 30;

export const phraseSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PHRASE_KINDS),
  scope: z.enum(PHRASE_SCOPES),
  text: z.string(),
  updatedAt: z.string(),
});
export type Phrase = z.infer<typeof phraseSchema>;

export const phraseListQuerySchema = z.object({ kind: z.enum(PHRASE_KINDS, { error: '常用语类别有误' }) });

export const phraseListSchema = z.object({
  kind: z.enum(PHRASE_KINDS),
  mine: z.array(phraseSchema),
  department: z.array(phraseSchema),
  /** null: the person belongs to no department, so there is no shared list. */
  departmentName: z.string().nullable(),
  /** Whether the person may change the department's list. */
  editsDepartment: z.boolean(),
});
export type PhraseList = z.infer<typeof phraseListSchema>;

export const phraseTextSchema = z
  .string({ error: '请输入常用语' })
  .trim()
  .min(PHRASE_MIN_CHARS, `常用语至少 ${PHRASE_MIN_CHARS} 个字`)
  .max(PHRASE_MAX_CHARS, `常用语不能超过 ${PHRASE_MAX_CHARS} 个字`);

/** A new phrase (no id) in the list of `kind` and `scope`; with an id, that phrase's new text. */
export const phraseSaveSchema = z.object({
  id: recordId('常用语编号有误').nullish(),
  kind: z.enum(PHRASE_KINDS, { error: '常用语类别有误' }),
  scope: z.enum(PHRASE_SCOPES, { error: '请选择保存到我的常用语还是本部门常用语' }),
  text: phraseTextSchema,
});
export type PhraseSaveInput = z.output<typeof phraseSaveSchema>;

export const phraseDeleteSchema = z.object({ id: recordId('常用语编号有误') });
