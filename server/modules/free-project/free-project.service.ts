import type { FreeProjectDetail, FreeProjectListItem, FreeProjectListQuery } from '#contract/free-declare.ts';
import { FREE_PROJECT_STATUS, type FreeProjectConsoleQuery, type FreeProjectConsoleRow, type FreeProjectSave, type FreeProjectStatus } from '#contract/free-project.ts';
import type { Page } from '#contract/paging.ts';
import type { AuthUser } from '#server/platform/auth/current-user.ts';
import { conflict, notFound } from '#server/platform/http/errors.ts';
import { parseId, toPage } from '#server/platform/http/paging.ts';
import { bumpContentVersion } from '#server/platform/page-cache/content-version.ts';
import type { Deps } from '#server/deps.ts';
import { checkedProjectFields, projectBody, projectRules, projectSummary } from '../declare-project/declare-project.service.ts';
import type { DictService } from '../dict/dict.service.ts';
import { publishContentFiles } from '../files/content-files.ts';
import * as repo from './free-project.repository.ts';
import { reindexRecords } from '../search/search.indexer.ts';

/** Which of these projects the bureau found the enterprise eligible for: project id → its row id. */
export interface Eligibility {
  rowsFor(enterpriseId: number, projectIds: number[]): Promise<Map<number, number>>;
}

const GONE = '该免申即享项目不存在或已删除';

/** Why a transition cannot happen from the state the project is in (docs/console.md: a 409 with a sentence). */
const WRONG_STATE: Record<'save' | 'publish' | 'close', Partial<Record<FreeProjectStatus, string>>> = {
  save: { closed: '该项目已结束，不能再修改' },
  publish: { published: '该项目已发布，无需再次发布', closed: '该项目已结束，不能再发布' },
  close: { draft: '该项目还是草稿，尚未发布，不能结束', closed: '该项目已结束，无需再次结束' },
};

export function createFreeProjectService({ db, kv }: Deps, dict: DictService, eligibility: Eligibility) {
  async function items(rows: repo.FreeProjectListRow[], user: AuthUser | null): Promise<FreeProjectListItem[]> {
    const [categories, mine] = await Promise.all([
      dict.labels('declare_category'),
      user?.enterpriseId ? eligibility.rowsFor(user.enterpriseId, rows.map((r) => r.id)) : null,
    ]);
    return rows.map((row) => ({
      ...projectSummary(row, categories),
      publishAt: row.publishAt,
      // Only a logged-in enterprise user learns anything about eligibility.
      ...(mine ? { eligible: mine.has(row.id), freeDeclareEntId: mine.get(row.id) ?? null } : {}),
    }));
  }

  /**
   * Moves a project on only from the states `from` (compare-and-set): a second tab or a double
   * click gets a 409 naming the state it found. The public pages change at once.
   */
  async function transition(action: 'save' | 'publish' | 'close', id: number, from: FreeProjectStatus[], values: Parameters<typeof repo.updateIn>[3]): Promise<{ id: number }> {
    if (!(await repo.updateIn(db, id, from, values))) {
      const found = await repo.findAny(db, id);
      if (!found) throw notFound(GONE);
      throw conflict(WRONG_STATE[action][found.status as FreeProjectStatus] ?? `该项目当前为“${FREE_PROJECT_STATUS[found.status as FreeProjectStatus] ?? found.status}”，请刷新后重试`);
    }
    // Published (now, or edited while published): its rich text's images are public from now on.
    if (action !== 'close') {
      const shown = await repo.findContent(db, id);
      if (shown?.status === 'published') await publishContentFiles(db, [shown.conditions, shown.content]);
    }
    await reindexRecords(db, 'free-project', [id]);
    await bumpContentVersion(kv);
    return { id };
  }

  return {
    async list(q: FreeProjectListQuery, user: AuthUser | null): Promise<Page<FreeProjectListItem>> {
      const { records, total } = await repo.listFreeProjects(db, q, new Date().toISOString());
      return toPage(await items(records, user), total, q);
    },

    async detail(rawId: unknown, user: AuthUser | null): Promise<FreeProjectDetail> {
      const row = await repo.findFreeProject(db, parseId(rawId, '免申即享项目'), new Date().toISOString());
      if (!row) throw notFound('该免申即享项目不存在或已下线');
      const [item] = await items([row], user);
      return { ...item, ...projectBody(row) };
    },

    /** The console's list: every state, with the size of each eligibility list. */
    async consoleList(q: FreeProjectConsoleQuery): Promise<Page<FreeProjectConsoleRow>> {
      const [{ records, total }, categories] = await Promise.all([repo.listConsoleProjects(db, q), dict.labels('declare_category')]);
      return toPage(
        records.map((r) => {
          const status = r.status as FreeProjectStatus;
          return {
            ...projectSummary(r, categories),
            status,
            statusText: FREE_PROJECT_STATUS[status],
            publishAt: status === 'draft' ? null : r.publishAt,
            conditions: r.conditions,
            content: r.content,
            ...projectRules(r.rules),
            rows: Number(r.rows ?? 0),
            updatedAt: r.updatedAt,
          };
        }),
        total,
        q,
      );
    },

    /** A new project is a draft; a draft or a published one may be changed, a closed one not. */
    async save({ id, ...input }: FreeProjectSave): Promise<{ id: number }> {
      const values = await checkedProjectFields(db, dict, input);
      if (id === null) {
        const created = await repo.insertDraft(db, values);
        return { id: created };
      }
      return transition('save', id, ['draft', 'published'], values);
    },

    /** draft → published: public from now on, and ready for its eligibility list. */
    publish: (id: number) => transition('publish', id, ['draft'], { status: 'published', publishAt: new Date().toISOString() }),

    /** published → closed: off the public list; its rows stay as they are. */
    close: (id: number) => transition('close', id, ['published'], { status: 'closed' }),
  };
}
