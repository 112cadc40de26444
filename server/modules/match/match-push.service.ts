import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { AttributeValues } from '#contract/enterprise-profile.ts';
import { beijingToday } from '#contract/enterprise-profile.ts';
import { evaluate, matchUrl, MATCH_KINDS, truthOf, type MatchKind } from '#contract/match-verdict.ts';
import { ruleText } from '#contract/match-rules.ts';
import { dialectOf } from '#server/db/database.ts';
import type { Deps } from '#server/deps.ts';
import type { EnterpriseProfileService } from '../enterprise-profile/enterprise-profile.service.ts';
import type { MessageService, Notice } from '../message/message.service.ts';
import type { RuledProject } from './match.service.ts';
import * as repo from './match.repository.ts';

/**
 * Enterprises told in one transaction: a restart loses at most the batch under way, which is then
 * told on the next run. On SQLite the requests that arrive meanwhile wait for it to commit (one
 * connection): with 500 a publication to 10,000 added 90–150 ms to the p99 of other requests,
 * with 100 some 15–30 ms, in the same time. PostgreSQL's other connections do not wait, and there
 * 100 made the publication half as slow again (5.5 → 8.9 s), each commit waiting for its log.
 */
const BATCH = { sqlite: 100, postgres: 500 } as const;
/** Verdicts worked out between two yields to the requests waiting (about a millisecond of CPU). */
const EVALUATIONS_PER_SLICE = 2_000;
type Told = 'eligible' | 'maybe';
type Values = Map<number, AttributeValues>;
const keyOf = (p: { kind: string; id: number }) => `${p.kind}:${p.id}`;

/**
 * 政策推送 (docs/matching.md "The push"): every open project with rules is matched against every
 * enterprise that has a profile; an eligible enterprise is told once (and by SMS if it asked for
 * pushes by SMS), a `maybe` one is asked once to complete the named attributes (and told again
 * once, should it later match). Runs off the request, from the scheduler; the claims in
 * match_push make a run after a restart tell only those not told yet. Enterprises without any
 * profile value are not asked: they have said nothing to match, and every project would be a
 * `maybe` for them.
 *
 * A project is matched against every enterprise when it is new to this process or its rules
 * changed; after that a run looks only at the enterprises whose profile changed since.
 */
export function createMatchPush({ db }: Deps, { profile, message, openProjects }: { profile: EnterpriseProfileService; message: MessageService; openProjects: () => Promise<RuledProject[]> }) {
  /** Each project's rules as last pushed to every enterprise (kind:id → rules JSON). */
  const pushed = new Map<string, string>();
  /** The profiles changed since the last complete run: the next run's. */
  const changes = profile.watchChanges();
  let running: Promise<number> | null = null;
  const size = BATCH[dialectOf(db)];

  // One sentence per rule object, not one per enterprise told (10,000 for a project everyone matches).
  const sentences = new WeakMap<RuledProject['rule'], string>();
  const sentenceOf = (rule: RuledProject['rule']) => {
    let text = sentences.get(rule);
    if (text === undefined) sentences.set(rule, (text = ruleText(rule)));
    return text;
  };

  function notice(p: RuledProject, enterpriseId: number, verdict: Told, missing: string[], phone: string | undefined): Notice {
    const kind = MATCH_KINDS[p.kind];
    if (verdict === 'eligible') {
      return {
        enterpriseId,
        title: `政策推送：贵企业符合“${p.title}”的条件`,
        content: `根据企业画像，贵企业符合${kind}“${p.title}”的可核对条件（${sentenceOf(p.rule)}）。请查看项目详情，${p.kind === 'free-project' ? '无需申请，请留意认定名单和兑付通知' : '按要求在线申报'}。`,
        link: matchUrl(p),
        sms: phone ? { phone, template: p.kind === 'free-project' ? 'match_push_free' : 'match_push_declare', subject: p.title } : null,
      };
    }
    return {
      enterpriseId,
      title: `政策推送：补充企业画像，看看能否享受“${p.title}”`,
      content: `${kind}“${p.title}”的条件中，贵企业的企业画像还缺少：${missing.join('、')}。补充后即可在用户中心看到逐条核对结果。`,
      link: '/user/profile',
    };
  }

  /** Who of `values` is to be told about `p` now, given what each was told before. */
  async function pendingOf(p: RuledProject, values: Values, told: (enterpriseId: number) => string | undefined) {
    const today = beijingToday();
    const pending: { id: number; verdict: Told; missing: string[] }[] = [];
    let n = 0;
    for (const [id, v] of values) {
      if (++n % EVALUATIONS_PER_SLICE === 0) await yieldToRequests();
      const truth = truthOf(p.rule, v, today);
      if (truth === false) continue;
      const before = told(id);
      if (before === 'eligible' || (before === 'maybe' && truth === null)) continue;
      // Only a `maybe` needs the full evaluation: it names what is missing.
      pending.push(truth ? { id, verdict: 'eligible', missing: [] } : { id, verdict: 'maybe', missing: evaluate(p.rule, v, today).missing.map((m) => m.label) });
    }
    return pending;
  }

  /** Claims and tells, a batch at a time: each claim commits with its message and SMS, or neither does. */
  async function tell(p: RuledProject, pending: { id: number; verdict: Told; missing: string[] }[]): Promise<number> {
    let count = 0;
    for (let i = 0; i < pending.length; i += size) {
      const batch = pending.slice(i, i + size);
      // Read before the transaction: on SQLite a read outside it would wait for it to end.
      const phones = await profile.pushSmsPhones(batch.filter((b) => b.verdict === 'eligible').map((b) => b.id));
      const smsIds = await db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        const notices: Notice[] = [];
        for (const verdict of ['eligible', 'maybe'] as const) {
          const group = batch.filter((b) => b.verdict === verdict);
          const claimed = new Set(await repo.claim(trx, p.kind, p.id, verdict, group.map((b) => b.id), now));
          for (const b of group) if (claimed.has(b.id)) notices.push(notice(p, b.id, verdict, b.missing, phones.get(b.id)));
        }
        count += notices.length;
        const ids = await message.recordMany(trx, notices);
        await repo.noteSms(trx, p.kind, p.id, ids);
        return ids;
      });
      message.deliver(smsIds);
      await yieldToRequests();
    }
    return count;
  }

  async function runOnce(): Promise<number> {
    // Read before the values: what is matched below is at least as new as these stamps. On the
    // first run every project is new to the process, so every enterprise is matched anyway.
    const look = await changes.look();
    const changedIds = look.changed;
    const projects = await openProjects();
    const fresh = projects.filter((p) => pushed.get(keyOf(p)) !== JSON.stringify(p.rule));
    let told = 0;
    // New projects, or rules changed: every enterprise with a profile.
    if (fresh.length) {
      const all = await profile.allValues();
      for (const p of fresh) {
        const before = await repo.toldAbout(db, p.kind, p.id);
        told += await tell(p, await pendingOf(p, all, (id) => before.get(id)));
        pushed.set(keyOf(p), JSON.stringify(p.rule));
      }
    }
    // The rest: only the enterprises whose profile changed since the last run.
    const others = projects.filter((p) => !fresh.includes(p));
    if (changedIds.length && others.length) {
      const values = await profile.valuesOfMany(changedIds);
      const before = await repo.toldOf(db, changedIds);
      for (const p of others) told += await tell(p, await pendingOf(p, values, (id) => before.get(`${keyOf(p)}:${id}`)));
    }
    look.done();
    return told;
  }

  return {
    /** One pass over the open projects with rules; returns how many enterprises were told. A call while a pass is under way joins it. */
    run(): Promise<number> {
      running ??= runOnce().finally(() => (running = null));
      return running;
    },

    /** Who was told about a project and when, and who got an SMS (the console). */
    async told(kind: MatchKind, projectId: number) {
      const rows = await repo.pushesOf(db, kind, projectId);
      return {
        eligible: rows.filter((r) => r.verdict === 'eligible').length,
        maybe: rows.filter((r) => r.verdict === 'maybe').length,
        sms: rows.filter((r) => r.smsStatus !== null).length,
        lastAt: rows[0]?.toldAt ?? null,
        records: rows.map((r) => ({
          enterpriseName: r.name,
          uscc: r.uscc,
          verdict: r.verdict as Told,
          toldAt: r.toldAt,
          sms: r.smsStatus as 'pending' | 'sent' | 'failed' | null,
        })),
      };
    },
  };
}

export type MatchPush = ReturnType<typeof createMatchPush>;
