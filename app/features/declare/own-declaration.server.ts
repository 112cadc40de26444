import type { AppLoadContext } from 'react-router';
import { LIVE_DECLARE_STATUSES, type DeclareListItem } from '#contract/declare-ent.ts';
import type { SignedInUser } from '#app/lib/require-user.server.ts';

/**
 * The enterprise's live declaration (any state but 不予通过) for a project, if it has one: a
 * project page then offers "continue" instead of "apply", and the form resumes it. An enterprise
 * has a handful of declarations, so the first hundred are plenty.
 */
export async function liveDeclarationFor(services: AppLoadContext['services'], user: SignedInUser, projectId: number): Promise<DeclareListItem | null> {
  if (user.enterpriseId === null) return null;
  const page = await services.declareEnt.list(user, { currentPage: 1, pageSize: 100, status: undefined });
  return page.records.find((r) => r.project.id === projectId && LIVE_DECLARE_STATUSES.includes(r.status)) ?? null;
}
