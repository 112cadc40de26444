import { setImmediate as yieldToRequests } from 'node:timers/promises';
import {
  ATTRIBUTE_CODES,
  isAttributeCode,
  profileValues,
  type AttributeCode,
  type AttributeValues,
  type OwnProfile,
  type Profile,
  type ProfileAttribute,
  type ProfileSave,
  type EnterpriseConsoleQuery,
  type EnterpriseConsoleRow,
} from '#contract/enterprise-profile.ts';
import { maskPhone } from '#contract/format.ts';
import type { Page } from '#contract/paging.ts';
import { toPage } from '#server/platform/http/paging.ts';
import type { AuthUser } from '#server/platform/auth/current-user.ts';
import { forbidden } from '#server/platform/http/errors.ts';
import type { Deps } from '#server/deps.ts';
import * as repo from './enterprise-profile.repository.ts';
import { watchProfileChanges } from './profile-changes.ts';

const ENTERPRISES_PER_READ = 500;

/** Rows of one enterprise → its profile: the verified value wins, the self-declared one is kept beside it when they differ. */
export function profileOf(rows: repo.AttributeRow[]): Profile {
  const attributes: Profile['attributes'] = {};
  const byAttr = new Map<AttributeCode, { self?: repo.AttributeRow; verified?: repo.AttributeRow }>();
  for (const r of rows) {
    if (!isAttributeCode(r.attr) || (r.source !== 'self' && r.source !== 'verified')) continue;
    byAttr.set(r.attr, { ...byAttr.get(r.attr), [r.source]: r });
  }
  for (const code of ATTRIBUTE_CODES) {
    const pair = byAttr.get(code);
    if (!pair) continue;
    const shown = pair.verified ?? pair.self!;
    const entry: ProfileAttribute = { value: JSON.parse(shown.value), source: shown.source as 'self' | 'verified', updatedAt: shown.updatedAt };
    if (pair.verified) {
      entry.department = pair.verified.department ?? undefined;
      if (pair.self && pair.self.value !== pair.verified.value) entry.selfValue = JSON.parse(pair.self.value);
    }
    attributes[code] = entry;
  }
  return { attributes };
}

/** Rows of many enterprises → their profiles, by enterprise id (enterprises without any value are absent). */
function profilesByEnterprise(rows: repo.AttributeRow[]): Map<number, Profile> {
  const grouped = new Map<number, repo.AttributeRow[]>();
  for (const r of rows) {
    const list = grouped.get(r.enterpriseId);
    if (list) list.push(r);
    else grouped.set(r.enterpriseId, [r]);
  }
  return new Map([...grouped].map(([id, list]) => [id, profileOf(list)]));
}

function enterpriseOf(user: AuthUser): number {
  if (!user.enterpriseId) throw forbidden('您的账号尚未关联企业，请先在个人中心完善企业信息');
  return user.enterpriseId;
}

export function createEnterpriseProfileService({ db }: Deps) {
  /** Every enterprise's profile with its sources (enterprises without any value are absent). */
  const allProfiles = async () => profilesByEnterprise(await repo.listAllAttributes(db));

  function valuesByEnterprise(rows: repo.AttributeRow[], into: Map<number, AttributeValues>): void {
    for (const [id, p] of profilesByEnterprise(rows)) into.set(id, profileValues(p));
  }

  /**
   * Every enterprise's values, read ENTERPRISES_PER_READ at a time, letting the requests waiting
   * in between run: one read of every row would hold the process (and SQLite's one connection)
   * for a tenth of a second at 10,000 enterprises.
   */
  async function readAll(): Promise<Map<number, AttributeValues>> {
    const out = new Map<number, AttributeValues>();
    const last = await repo.lastProfiledEnterprise(db);
    for (let after = 0; after < last; after += ENTERPRISES_PER_READ) {
      valuesByEnterprise(await repo.listAttributesBetween(db, after, after + ENTERPRISES_PER_READ), out);
      await yieldToRequests();
    }
    return out;
  }

  async function valuesOfMany(enterpriseIds: readonly number[]): Promise<Map<number, AttributeValues>> {
    const out = new Map<number, AttributeValues>();
    for (let i = 0; i < enterpriseIds.length; i += ENTERPRISES_PER_READ) valuesByEnterprise(await repo.attributesOf(db, enterpriseIds.slice(i, i + ENTERPRISES_PER_READ)), out);
    return out;
  }

  /**
   * Every enterprise's values are kept in memory once read (the preview and a new project's push
   * read them all: 80,000 rows take half a second, too long for a reviewer's click) and brought up
   * to date at each use from the profiles changed since (a cleared value too). Calls that meet
   * share one look.
   */
  const changes = watchProfileChanges(db);
  let kept: Map<number, AttributeValues> | null = null;
  let looking: Promise<Map<number, AttributeValues>> | null = null;
  async function look(): Promise<Map<number, AttributeValues>> {
    // Read before the values: what is read below is at least as new as these stamps.
    const seen = await changes.look();
    if (!kept || seen.first) kept = await readAll();
    else {
      const fresh = await valuesOfMany(seen.changed);
      for (const id of seen.changed) {
        const v = fresh.get(id);
        if (v) kept.set(id, v);
        else kept.delete(id);
      }
    }
    seen.done();
    return kept;
  }
  const allValues = (): Promise<Map<number, AttributeValues>> => (looking ??= look().finally(() => (looking = null)));

  async function own(enterpriseId: number): Promise<OwnProfile> {
    const [rows, phone] = await Promise.all([repo.listAttributes(db, enterpriseId), repo.pushSmsPhoneOf(db, enterpriseId)]);
    return { ...profileOf(rows), pushSms: phone !== null, pushSmsPhone: phone === null ? null : maskPhone(phone) };
  }

  return {
    async mine(user: AuthUser): Promise<OwnProfile> {
      return own(enterpriseOf(user));
    },

    /** The values that count for matching (verified over self-declared). */
    async valuesOf(enterpriseId: number): Promise<AttributeValues> {
      return profileValues(profileOf(await repo.listAttributes(db, enterpriseId)));
    },

    allValues,
    allProfiles,

    /** The profiles of these enterprises (a staff import's preview). */
    profilesOf: async (ids: number[]) => profilesByEnterprise(await repo.attributesOf(db, ids)),

    /** The values that count of these enterprises (those without any are left out). */
    valuesOfMany,

    /** A watch of the profiles changed since its last look (the push keeps one). */
    watchChanges: () => watchProfileChanges(db),

    /**
     * 一企一档 for staff: every enterprise with its profile, filtered on the values that count
     * (verified over self-declared); filtered in memory, as the match preview reads them all anyway.
     */
    async consoleList(q: EnterpriseConsoleQuery): Promise<Page<EnterpriseConsoleRow>> {
      const [enterprises, values] = await Promise.all([repo.listEnterprises(db, q.keyword), allValues()]);
      const fits = enterprises.filter((e) => {
        const v = values.get(e.id) ?? {};
        return (!q.industry || v.industry === q.industry) && (!q.scale || v.scale === q.scale) && (!q.qualification || (v.qualifications ?? []).includes(q.qualification));
      });
      const slice = fits.slice((q.currentPage - 1) * q.pageSize, q.currentPage * q.pageSize);
      const rows = await repo.attributesOf(db, slice.map((e) => e.id));
      return toPage(
        slice.map((e) => ({ ...e, profile: profileOf(rows.filter((r) => r.enterpriseId === e.id)) })),
        fits.length,
        q,
      );
    },

    /**
     * Saves what the enterprise declared (a field left out keeps its value, null clears it) and
     * the push by SMS (switched on, it goes to the mobile of the account saving), in one transaction.
     */
    async save(user: AuthUser, input: ProfileSave): Promise<OwnProfile> {
      const enterpriseId = enterpriseOf(user);
      const values: Record<string, string | null> = {};
      for (const code of ATTRIBUTE_CODES) {
        const v = input[code];
        if (v !== undefined) values[code] = v === null ? null : JSON.stringify(v);
      }
      await db.transaction().execute(async (tx) => {
        await repo.saveSelfValues(tx, enterpriseId, values, user.userId);
        if (input.pushSms !== undefined) await repo.setPushSms(tx, enterpriseId, input.pushSms ? user.userId : null);
      });
      return own(enterpriseId);
    },

    /** Of these enterprises, those that take pushes by SMS, with their mobile (the push). */
    pushSmsPhones: (enterpriseIds: readonly number[]) => repo.pushSmsPhones(db, enterpriseIds),
  };
}

export type EnterpriseProfileService = ReturnType<typeof createEnterpriseProfileService>;
