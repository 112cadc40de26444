import { hashPassword } from '#server/platform/auth/password.ts';
import * as repo from '#server/modules/account/account.repository.ts';
import type { Db } from '../database.ts';
import { DEMO_ENTERPRISE } from './demo.ts';

/**
 * The demo enterprise with a complete profile (so the declaration and appeal forms prefill) and
 * its user, who logs in with the phone and password of DEMO_ENTERPRISE. Returns their ids.
 */
export async function seedAccounts(db: Db): Promise<{ enterpriseId: number; userId: number }> {
  const enterpriseId = await repo.insertEnterprise(db, {
    name: DEMO_ENTERPRISE.name,
    uscc: DEMO_ENTERPRISE.uscc,
    contactName: DEMO_ENTERPRISE.contactName,
    contactPhone: DEMO_ENTERPRISE.phone,
  });
  await repo.updateEnterprise(db, enterpriseId, {
    legalPerson: '周建华',
    industry: 'I',
    scale: 'small',
    provinceCode: '310000',
    cityCode: '310100',
    countyCode: '310115',
    address: '中国（上海）自由贸易试验区基隆路 6 号 1208 室',
  });
  const userId = await repo.insertUser(db, {
    phone: DEMO_ENTERPRISE.phone,
    passwordHash: await hashPassword(DEMO_ENTERPRISE.password),
    nickName: DEMO_ENTERPRISE.contactName,
    enterpriseId,
  });
  return { enterpriseId, userId };
}
