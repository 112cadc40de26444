import { maskPhone } from '#contract/format.ts';
import type { Permission } from '#contract/permissions.ts';
import type { StaffActor } from '#contract/staff.ts';
import { STAFF_INBOX_SIZE, type StaffInbox } from '#contract/staff-message.ts';
import type { Deps } from '#server/deps.ts';
import { createSmsDriver, type SmsDriver } from '#server/platform/sms/sms.ts';
import { settleSms } from '../message/message.repository.ts';
import * as repo from './staff-message.repository.ts';

/** An alert to everyone holding a permission: in-site always, SMS to those who asked for it. */
export interface StaffAlert {
  permission: Permission;
  title: string;
  content: string;
  link: string | null;
  /** The SMS text after the platform's name; the SMS template it stands for. */
  sms: { template: string; text: string };
}

const MOBILE = /^1\d{10}$/;

/**
 * Staff in-site messages (the 工作台 shows them) and the SMS some staff also want. The SMS are
 * written as rows of sms_delivery beside the enterprises' (the one record of what was sent) and sent
 * after the messages are stored.
 */
export function createStaffMessageService({ config, db, log }: Deps, driver: SmsDriver = createSmsDriver(config, log)) {
  const inFlight = new Set<Promise<void>>();

  async function send(id: number, phone: string, template: string, text: string): Promise<void> {
    try {
      await settleSms(db, id, 'sent', await driver.sendText({ phone, template, text }), new Date().toISOString());
    } catch (err) {
      log.warn({ sms: id, phone: maskPhone(phone), err: err instanceof Error ? err.message : String(err) }, 'staff SMS alert failed');
      await settleSms(db, id, 'failed', err instanceof Error ? err.message : String(err), new Date().toISOString());
    }
  }

  return {
    /** Tells everyone holding the alert's permission; answers how many were told. */
    async alert(a: StaffAlert): Promise<number> {
      const staff = await repo.staffHolding(db, a.permission);
      const now = new Date().toISOString();
      const text = `【${config.site.platformName}】${a.sms.text}`;
      const texted = staff.filter((s) => s.sms === 1 && s.phone && MOBILE.test(s.phone));
      const smsIds = await db.transaction().execute(async (trx) => {
        await repo.insertMessages(
          trx,
          staff.map((s) => ({ staffId: s.id, title: a.title, content: a.content, link: a.link, createdAt: now })),
        );
        return repo.insertSms(
          trx,
          texted.map((s) => ({ phone: s.phone!, template: a.sms.template, content: text, driver: config.sms.driver, createdAt: now })),
        );
      });
      smsIds.forEach((id, i) => {
        const p = send(id, texted[i].phone!, a.sms.template, text).finally(() => inFlight.delete(p));
        inFlight.add(p);
      });
      return staff.length;
    },

    /** Resolves when every SMS sent so far has its verdict (tests; graceful close). */
    async settled(): Promise<void> {
      while (inFlight.size) await Promise.all([...inFlight]);
    },

    async inbox(staff: StaffActor): Promise<StaffInbox> {
      const [records, unread, sms] = await Promise.all([repo.listMessages(db, staff.id, STAFF_INBOX_SIZE), repo.countUnread(db, staff.id), repo.smsChoice(db, staff.id)]);
      return { records, unread, sms };
    },

    async read(staff: StaffActor, ids: readonly number[]): Promise<StaffInbox> {
      await repo.markRead(db, staff.id, ids, new Date().toISOString());
      return this.inbox(staff);
    },

    async chooseSms(staff: StaffActor, sms: boolean): Promise<StaffInbox> {
      await repo.saveSmsChoice(db, staff.id, sms);
      return this.inbox(staff);
    },
  };
}

export type StaffMessageService = ReturnType<typeof createStaffMessageService>;
