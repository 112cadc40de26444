import {
  ATTRIBUTE_CODES,
  isAttributeCode,
  profileValues,
  type AttributeCode,
  type AttributeValues,
  type Profile,
  type ProfileAttribute,
  type ProfileSave,
  type EnterpriseConsoleQuery,
  type EnterpriseConsoleRow,
} from '#contract/enterprise-profile.ts';
import type { Page } from '#contract/paging.ts';
import { toPage } from '#server/platform/http/paging.ts';
import type { AuthUser } from '#server/platform/auth/current-user.ts';
import { forbidden } from '#server/platform/http/errors.ts';
import type { Deps } from '#server/deps.ts';
import * as repo from './enterprise-profile.repository.ts';

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

  /** Every enterprise's values that count, for matching one project against all of them. */
  async function allValues(): Promise<Map<number, AttributeValues>> {
    return new Map([...(await allProfiles())].map(([id, p]) => [id, profileValues(p)]));
  }

  return {
    async mine(user: AuthUser): Promise<Profile> {
      return profileOf(await repo.listAttributes(db, enterpriseOf(user)));
    },

    /** The values that count for matching (verified over self-declared). */
    async valuesOf(enterpriseId: number): Promise<AttributeValues> {
      return profileValues(profileOf(await repo.listAttributes(db, enterpriseId)));
    },

    allValues,
    allProfiles,

    /** The profiles of these enterprises (a staff import's preview). */
    profilesOf: async (ids: number[]) => profilesByEnterprise(await repo.attributesOf(db, ids)),

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

    /** Saves what the enterprise declared: a field left out keeps its value, null clears it. */
    async save(user: AuthUser, input: ProfileSave): Promise<Profile> {
      const enterpriseId = enterpriseOf(user);
      const values: Record<string, string | null> = {};
      for (const code of ATTRIBUTE_CODES) {
        const v = input[code];
        if (v !== undefined) values[code] = v === null ? null : JSON.stringify(v);
      }
      await repo.saveSelfValues(db, enterpriseId, values);
      return profileOf(await repo.listAttributes(db, enterpriseId));
    },
  };
}

export type EnterpriseProfileService = ReturnType<typeof createEnterpriseProfileService>;
