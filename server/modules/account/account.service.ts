import type {
  AccountProfile,
  ChangePasswordRequest,
  EnterpriseProfile,
  EnterpriseProfileUpdate,
  LoginUser,
  ProfileUpdate,
  RegionChoice,
} from '#contract/account.ts';
import type { Region } from '#contract/region.ts';
import { maskPhone } from '#contract/format.ts';
import { badRequest, conflict, unauthorized } from '#server/platform/http/errors.ts';
import type { Deps } from '#server/deps.ts';
import * as repo from './account.repository.ts';
import { audit } from './account-audit.ts';
import type { ClientInfo } from '#server/platform/auth/cookies.ts';
import { assertAcceptablePassword } from './auth.service.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import type { SessionService } from './session.service.ts';
import type { AuthUser } from '#server/platform/auth/current-user.ts';
import type { FilesService } from '../files/files.service.ts';

/** What the account service needs of the region, dictionary and files services. */
export interface AccountLookups {
  region: {
    isPath(provinceCode: string, cityCode: string, countyCode?: string | null): boolean;
    pathName(...codes: (string | null | undefined)[]): string;
    provinces(): Region[];
    cities(provinceId: string): Region[];
    counties(cityId: string): Region[];
  };
  dict: {
    label(code: 'industry' | 'enterprise_scale', id: string | null | undefined): Promise<string | null>;
    options(code: string): Promise<{ text: string; id: string }[]>;
  };
  files: Pick<FilesService, 'ownFiles'>;
}

/** An avatar is a picture the browser shows as it is. */
const AVATAR_NAME = /\.(jpe?g|png)$/i;

const toChoices = (list: readonly Region[], leaf: boolean): RegionChoice[] =>
  list.map((r) => ({ value: r.id, label: r.name, ...(leaf ? { isLeaf: true } : {}) }));

/** The provinces, with the saved branch opened so the picker shows names before anything loads. */
function regionChoices(region: AccountLookups['region'], ent: repo.EnterpriseRow | undefined): RegionChoice[] {
  const attempt = <T>(fn: () => T): T | null => {
    try {
      return fn();
    } catch {
      return null;
    }
  };
  const cities = ent?.provinceCode ? attempt(() => region.cities(ent.provinceCode!)) : null;
  const counties = cities && ent?.cityCode ? attempt(() => region.counties(ent.cityCode!)) : null;
  return toChoices(region.provinces(), false).map((p) =>
    p.value !== ent?.provinceCode || !cities
      ? p
      : {
          ...p,
          children: toChoices(cities, false).map((c) =>
            c.value !== ent.cityCode || !counties ? c : counties.length ? { ...c, children: toChoices(counties, true) } : { ...c, isLeaf: true },
          ),
        },
  );
}

function toEnterprise(row: repo.EnterpriseRow, lookups: AccountLookups): EnterpriseProfile {
  return {
    id: row.id,
    name: row.name,
    uscc: row.uscc,
    legalPerson: row.legalPerson,
    industry: row.industry,
    scale: row.scale,
    provinceCode: row.provinceCode,
    cityCode: row.cityCode,
    countyCode: row.countyCode,
    regionText: row.provinceCode ? lookups.region.pathName(row.provinceCode, row.cityCode, row.countyCode) || null : null,
    address: row.address,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
  };
}

/** The user centre's account data: profile, password, enterprise profile. */
export function createAccountService({ db }: Deps, sessions: SessionService, lookups: AccountLookups) {
  async function userOrThrow(userId: number) {
    const user = await repo.findUserById(db, userId);
    if (!user || user.status !== 'active') throw unauthorized('账号不存在或已停用，请重新登录');
    return user;
  }

  return {
    async loginUser(userId: number): Promise<LoginUser> {
      const user = await userOrThrow(userId);
      const ent = user.enterpriseId ? await repo.findEnterpriseById(db, user.enterpriseId) : undefined;
      return {
        nickName: user.nickName,
        tel: maskPhone(user.phone),
        image: user.avatar,
        loginName: user.phone,
        enterprise: ent ? { id: ent.id, name: ent.name, uscc: ent.uscc } : null,
      };
    },

    /** The /user loader's data (`<AccountSettings profile={...} />`). */
    async profile(userId: number): Promise<AccountProfile> {
      const user = await userOrThrow(userId);
      const [ent, ssoLinked, industry, scale] = await Promise.all([
        user.enterpriseId ? repo.findEnterpriseById(db, user.enterpriseId) : undefined,
        repo.hasSsoIdentity(db, user.id),
        lookups.dict.options('industry'),
        lookups.dict.options('enterprise_scale'),
      ]);
      return {
        user: {
          nickName: user.nickName,
          phone: user.phone,
          maskedPhone: maskPhone(user.phone),
          avatar: user.avatar,
          loginName: user.phone,
          hasPassword: !!user.passwordHash,
          ssoLinked,
        },
        enterprise: ent ? toEnterprise(ent, lookups) : null,
        choices: { industry, scale, regions: regionChoices(lookups.region, ent) },
      };
    },

    /** Returns the new access token: the nickname travels in it (the header's greeting). */
    /** The avatar must be the account's own upload and a JPG or PNG. */
    async updateProfile(who: AuthUser, sid: string, input: ProfileUpdate): Promise<string> {
      if (input.avatar) {
        const [file] = await lookups.files.ownFiles(who, [{ name: '头像', path: input.avatar }], 'avatar');
        if (!AVATAR_NAME.test(file.name)) throw badRequest('头像须为 JPG 或 PNG 图片', { avatar: '头像须为 JPG 或 PNG 图片' });
      }
      const user = await userOrThrow(who.userId);
      await repo.updateUser(db, who.userId, { nickName: input.nickName, avatar: input.avatar });
      return sessions.reissueAccess({ ...user, nickName: input.nickName }, sid);
    },

    /** Ends every other session of the account; the current one stays. */
    async changePassword(userId: number, sid: string | null, input: ChangePasswordRequest, client: ClientInfo): Promise<void> {
      const user = await userOrThrow(userId);
      if (!user.passwordHash) throw badRequest('当前账号尚未设置密码，请通过登录页的「忘记密码」用短信验证码设置');
      if (!(await verifyPassword(input.oldPassword, user.passwordHash))) {
        throw badRequest('原密码不正确', { oldPassword: '原密码不正确' });
      }
      if (input.newPassword === user.phone) throw badRequest('密码不能与手机号相同', { newPassword: '密码不能与手机号相同' });
      assertAcceptablePassword(input.newPassword, 'newPassword');
      await repo.updateUser(db, userId, { passwordHash: await hashPassword(input.newPassword) });
      await sessions.endAllFor(userId, sid ?? undefined);
      await audit(db, client, 'password_change', { userId, loginName: user.phone });
    },

    /**
     * Saves the enterprise profile. An account without an enterprise (made by single sign-on)
     * creates it here, or joins it when the USCC is already registered; after that the USCC is
     * read-only. Returns the new access token when the enterprise changed.
     */
    async updateEnterprise(userId: number, sid: string, input: EnterpriseProfileUpdate): Promise<{ accessToken: string | null }> {
      const user = await userOrThrow(userId);
      const fields: Record<string, string> = {};
      if (!lookups.region.isPath(input.provinceCode, input.cityCode, input.countyCode)) fields.countyCode = '请按省、市、区县依次选择所在地区';
      if (!(await lookups.dict.label('industry', input.industry))) fields.industry = '请从列表中选择所属行业';
      if (!(await lookups.dict.label('enterprise_scale', input.scale))) fields.scale = '请从列表中选择企业规模';
      if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0], fields);

      const values = {
        name: input.name,
        legalPerson: input.legalPerson,
        industry: input.industry,
        scale: input.scale,
        provinceCode: input.provinceCode,
        cityCode: input.cityCode,
        countyCode: input.countyCode ?? null,
        address: input.address,
        contactName: input.contactName,
        contactPhone: input.contactPhone,
      };
      if (user.enterpriseId) {
        const ent = await repo.findEnterpriseById(db, user.enterpriseId);
        if (ent && ent.uscc !== input.uscc) {
          throw badRequest('统一社会信用代码登记后不能修改，如有误请联系平台管理员', { uscc: '统一社会信用代码不能修改' });
        }
        await repo.updateEnterprise(db, user.enterpriseId, values);
        return { accessToken: null };
      }
      const enterpriseId = await db.transaction().execute(async (trx) => {
        const existing = await repo.findEnterpriseByUscc(trx, input.uscc);
        if (existing && existing.name !== input.name) {
          throw badRequest('该统一社会信用代码已登记的企业名称与填写的不一致，请按营业执照填写企业全称', { name: '企业名称与登记信息不一致' });
        }
        const id = existing?.id ?? (await repo.insertEnterprise(trx, { name: input.name, uscc: input.uscc }));
        if (!existing) await repo.updateEnterprise(trx, id, values);
        await repo.updateUser(trx, userId, { enterpriseId: id });
        return id;
      });
      if (!enterpriseId) throw conflict();
      return { accessToken: await sessions.reissueAccess({ ...user, enterpriseId }, sid) };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
