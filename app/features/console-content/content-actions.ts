import { CONTENT_KINDS, contentOfflineSchema, contentRejectSchema, type ContentKind } from '#contract/publishing.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { confirm, notify } from '#app/lib/feedback.ts';
import type { ReasonRequest } from '#app/features/console/reason-dialog.tsx';

/**
 * The review steps of a notice or policy as the console's buttons run them: each asks first
 * (or for a reason), calls the pinned API, says what happened and lets the page reload; `reviewed`,
 * when given, is told what 通过 or 退回 did instead, and says it (下一条's bar).
 */
export function contentActions(kind: ContentKind, ask: (r: ReasonRequest) => void, done: () => void, reviewed?: (what: string) => void) {
  const what = CONTENT_KINDS[kind].label;
  const tell = (said: string) => {
    if (reviewed) return reviewed(said);
    notify('success', said);
    done();
  };
  return {
    async submit(id: number) {
      if (!(await confirm(`提交后${what}将进入待审核，审核通过前不能修改。确定提交？`))) return;
      await consoleHttp.post(`${kind}/submit`, { id });
      notify('success', '已提交审核');
      done();
    },
    async publish(id: number) {
      if (!(await confirm(`确定审核通过并发布该${what}？发布后立即（或在定时发布时间）在门户公开。`))) return;
      const { publishAt } = await consoleHttp.post<{ publishAt: string }>(`${kind}/publish`, { id });
      const said = publishAt > new Date().toISOString() ? '已审核通过，将在定时发布时间公开' : '已发布';
      tell(said);
    },
    reject(id: number) {
      ask({
        title: `退回${what}`,
        label: '退回修改的理由（编辑人员可见）',
        okText: '退回修改',
        rule: contentRejectSchema.shape.reason,
        phrases: 'return',
        submit: async (reason) => {
          await consoleHttp.post(`${kind}/reject`, { id, reason });
          tell('已退回修改');
        },
      });
    },
    offline(id: number) {
      ask({
        title: `下线${what}`,
        label: '下线的理由',
        okText: '下线',
        rule: contentOfflineSchema.shape.reason,
        submit: async (reason) => {
          await consoleHttp.post(`${kind}/offline`, { id, reason });
          notify('success', `已下线，门户不再显示该${what}`);
          done();
        },
      });
    },
  };
}
