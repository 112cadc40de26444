import { beijingToday } from '#contract/enterprise-profile.ts';
import { evaluate, matchUrl, MATCH_KINDS, type MatchKind } from '#contract/match-verdict.ts';
import { ruleText } from '#contract/match-rules.ts';
import type { Deps } from '#server/deps.ts';
import type { EnterpriseProfileService } from '../enterprise-profile/enterprise-profile.service.ts';
import type { MessageService, Notice } from '../message/message.service.ts';
import type { RuledProject } from './match.service.ts';
import * as repo from './match.repository.ts';

/** Enterprises told in one transaction: a restart loses at most the batch under way, which is then told on the next run. */
const BATCH = 500;

/**
 * 政策推送 (docs/domain.md "Push"): every open project with rules is matched against every
 * enterprise that has a profile; an eligible enterprise is told once, a `maybe` one is asked
 * once to complete the named attributes (and told again once, should it later match). Runs off
 * the request, from the scheduler; the claims in match_push make a run after a restart tell only
 * those not told yet. Enterprises without any profile value are not asked: they have said nothing
 * to match, and every project would be a `maybe` for them.
 */
export function createMatchPush({ db }: Deps, { profile, message, openProjects }: { profile: EnterpriseProfileService; message: MessageService; openProjects: () => Promise<RuledProject[]> }) {
  // Nothing changed since the last complete run (no project, rule or profile): skip the work.
  let lastState: string | null = null;

  function notice(p: RuledProject, enterpriseId: number, verdict: 'eligible' | 'maybe', missing: string[]): Notice {
    const kind = MATCH_KINDS[p.kind as MatchKind];
    if (verdict === 'eligible') {
      return {
        enterpriseId,
        title: `政策推送：贵企业符合“${p.title}”的条件`,
        content: `根据企业画像，贵企业符合${kind}“${p.title}”的可核对条件（${ruleText(p.rule)}）。请查看项目详情，${p.kind === 'free-project' ? '无需申请，请留意认定名单和兑付通知' : '按要求在线申报'}。`,
        link: matchUrl(p),
      };
    }
    return {
      enterpriseId,
      title: `政策推送：补充企业画像，看看能否享受“${p.title}”`,
      content: `${kind}“${p.title}”的条件中，贵企业的企业画像还缺少：${missing.join('、')}。补充后即可在用户中心看到逐条核对结果。`,
      link: '/user/profile',
    };
  }

  async function pushProject(p: RuledProject, values: Awaited<ReturnType<EnterpriseProfileService['allValues']>>): Promise<number> {
    const today = beijingToday();
    const told = await repo.toldAbout(db, p.kind, p.id);
    const pending: { id: number; verdict: 'eligible' | 'maybe'; missing: string[] }[] = [];
    for (const [id, v] of values) {
      const result = evaluate(p.rule, v, today);
      if (result.verdict === 'ineligible') continue;
      const before = told.get(id);
      if (before === 'eligible' || (before === 'maybe' && result.verdict === 'maybe')) continue;
      pending.push({ id, verdict: result.verdict, missing: result.missing.map((m) => m.label) });
    }
    let count = 0;
    for (let i = 0; i < pending.length; i += BATCH) {
      const batch = pending.slice(i, i + BATCH);
      const smsIds = await db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        const notices: Notice[] = [];
        for (const verdict of ['eligible', 'maybe'] as const) {
          const group = batch.filter((b) => b.verdict === verdict);
          const claimed = new Set(await repo.claim(trx, p.kind, p.id, verdict, group.map((b) => b.id), now));
          for (const b of group) if (claimed.has(b.id)) notices.push(notice(p, b.id, verdict, b.missing));
        }
        count += notices.length;
        return message.recordMany(trx, notices);
      });
      message.deliver(smsIds);
    }
    return count;
  }

  return {
    /** One pass over every open project with rules; returns how many enterprises were told. */
    async run(): Promise<number> {
      const projects = await openProjects();
      const state = JSON.stringify([projects.map((p) => [p.kind, p.id, p.rule]), await repo.lastProfileChange(db)]);
      if (state === lastState) return 0;
      const values = await profile.allValues();
      let told = 0;
      for (const p of projects) told += await pushProject(p, values);
      lastState = state;
      return told;
    },

    /** Who was told about a project and when (the console). */
    async told(kind: MatchKind, projectId: number) {
      const rows = await repo.pushesOf(db, kind, projectId);
      return {
        eligible: rows.filter((r) => r.verdict === 'eligible').length,
        maybe: rows.filter((r) => r.verdict === 'maybe').length,
        lastAt: rows[0]?.toldAt ?? null,
        records: rows.map((r) => ({ enterpriseName: r.name, uscc: r.uscc, verdict: r.verdict as 'eligible' | 'maybe', toldAt: r.toldAt })),
      };
    },
  };
}

export type MatchPush = ReturnType<typeof createMatchPush>;
