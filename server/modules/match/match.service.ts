import { attributeValuesOf, beijingToday, type AttributesInput, type AttributeValues } from '#contract/enterprise-profile.ts';
import { ruleText, type Rule } from '#contract/match-rules.ts';
import { evaluate, truthOf, VERDICT_ORDER, type MatchKind, type ProjectMatch, type VerdictResult } from '#contract/match-verdict.ts';
import type { AuthUser } from '#server/platform/auth/current-user.ts';
import { ListCache } from '#server/platform/page-cache/list-cache.ts';
import { contentVersion } from '#server/platform/page-cache/content-version.ts';
import type { Deps } from '#server/deps.ts';
import type { EnterpriseProfileService } from '../enterprise-profile/enterprise-profile.service.ts';
import type { MessageService } from '../message/message.service.ts';
import { createMatchPush } from './match-push.service.ts';
import * as repo from './match.repository.ts';

export interface RuledProject {
  kind: MatchKind;
  id: number;
  title: string;
  rule: Rule;
}

/** What a project page shows about its rules: the sentence, and the signed-in enterprise's verdict. */
export interface ProjectRules {
  rulesText: string | null;
  verdict: VerdictResult | null;
}

const parse = (rules: string | null): Rule | null => (rules ? (JSON.parse(rules) as Rule) : null);

/** Verdicts of every project on one set of values, eligible first. */
export function matchAll(projects: RuledProject[], values: AttributeValues, today: string): ProjectMatch[] {
  return projects
    .map((p, order) => ({ order, match: { kind: p.kind, id: p.id, title: p.title, ...evaluate(p.rule, values, today) } }))
    .sort((a, b) => VERDICT_ORDER[a.match.verdict] - VERDICT_ORDER[b.match.verdict] || a.order - b.order)
    .map((x) => x.match);
}

export function createMatchService(deps: Deps, { profile, message }: { profile: EnterpriseProfileService; message: MessageService }) {
  const { db, kv } = deps;
  // Every /user page and project page asks; the list changes only with a content write (which
  // bumps the version) or when a window closes (bounded by the 30 s of an entry).
  const open = new ListCache(4, 30_000);
  const openProjects = async (): Promise<RuledProject[]> =>
    open.get(await contentVersion(kv), async () => {
      const [declare, free] = await Promise.all([repo.openDeclareProjects(db, new Date().toISOString()), repo.openFreeProjects(db)]);
      return [
        ...declare.map((r) => ({ kind: 'declare-project' as const, id: r.id, title: r.name, rule: parse(r.rules)! })),
        ...free.map((r) => ({ kind: 'free-project' as const, id: r.id, title: r.name, rule: parse(r.rules)! })),
      ];
    });

  return {
    openProjects,
    push: createMatchPush(deps, { profile, message, openProjects }),

    /** The signed-in enterprise's verdict on every open project with rules. */
    async mine(user: AuthUser): Promise<ProjectMatch[]> {
      if (!user.enterpriseId) return [];
      const [projects, values] = await Promise.all([openProjects(), profile.valuesOf(user.enterpriseId)]);
      return matchAll(projects, values, beijingToday());
    },

    /** 政策计算器: the same verdicts on what a visitor answered. Nothing is stored. */
    async calculate(input: AttributesInput): Promise<ProjectMatch[]> {
      return matchAll(await openProjects(), attributeValuesOf(input), beijingToday());
    },

    /** A project page: its rules as a sentence, and the verdict when an enterprise is signed in. */
    async forProject(kind: MatchKind, id: number, user: AuthUser | null): Promise<ProjectRules> {
      const row = kind === 'declare-project' ? await repo.declareProjectRules(db, id) : await repo.freeProjectRules(db, id);
      const rule = parse(row?.rules ?? null);
      if (!rule) return { rulesText: null, verdict: null };
      const verdict = user?.enterpriseId ? evaluate(rule, await profile.valuesOf(user.enterpriseId), beijingToday()) : null;
      return { rulesText: ruleText(rule), verdict };
    },

    /** How many enterprises a rule would reach, before publishing. */
    async preview(rule: Rule): Promise<{ eligible: number; maybe: number; total: number }> {
      const [ids, values] = await Promise.all([repo.allEnterpriseIds(db), profile.allValues()]);
      const today = beijingToday();
      const counts = { eligible: 0, maybe: 0, total: ids.length };
      for (const id of ids) {
        const truth = truthOf(rule, values.get(id) ?? {}, today);
        if (truth === true) counts.eligible += 1;
        else if (truth === null) counts.maybe += 1;
      }
      return counts;
    },
  };
}

export type MatchService = ReturnType<typeof createMatchService>;
