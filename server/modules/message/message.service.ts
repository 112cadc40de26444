import { maskPhone } from '#contract/format.ts';
import { SMS_TEMPLATES, type MessagePage, type MessagePageQuery, type SmsTemplate } from '#contract/message.ts';
import type { Db } from '#server/db/database.ts';
import type { AuthUser } from '#server/platform/auth/current-user.ts';
import { enterpriseOf } from '#server/platform/auth/enterprise-user.ts';
import { toPage } from '#server/platform/http/paging.ts';
import type { Deps } from '#server/deps.ts';
import { concurrencyLimit } from '#server/platform/http/concurrency.ts';
import { createSmsDriver, type SmsDriver } from '../../platform/sms/sms.ts';
import * as repo from './message.repository.ts';

/** What one step of a workflow tells an enterprise. */
export interface Notice {
  enterpriseId: number;
  title: string;
  content: string;
  /** The page where the enterprise sees the record, e.g. /user/appeal/12. */
  link: string | null;
  /** An SMS too (docs/console.md lists the steps): to this mobile, about the record titled `subject`. */
  sms?: { phone: string | null; template: SmsTemplate; subject: string } | null;
}

const MOBILE = /^1\d{10}$/;
const shorten = (s: string, n: number) => (Array.from(s).length > n ? `${Array.from(s).slice(0, n).join('')}…` : s);

/**
 * How many SMS are sent at once (concurrencyLimit); the rest wait their turn. A list import hands
 * over 10,000 at a time: started together they would open 10,000 calls to the gateway, and on
 * SQLite 20,000 queries would queue on its one connection, whose lock wakes every waiter at each
 * release (1.7 s of CPU spent waking them after a 10,000-row import, and the import's own reply
 * held up behind them).
 */
const SMS_CONCURRENCY = 4;

/**
 * The notify service every transition calls: `record` writes the message (and the SMS as
 * pending) inside the transition's own transaction, so a step and what it tells the enterprise
 * commit together; `deliver` sends the SMS after the commit, without holding up the staff
 * member's reply, and keeps the gateway's answer on each row.
 */
export function createMessageService({ config, db, log }: Deps, driver: SmsDriver = createSmsDriver(config, log)) {
  const inFlight = new Set<Promise<void>>();
  const smsSlot = concurrencyLimit(SMS_CONCURRENCY);

  function toRows(n: Notice, now: string): { message: repo.NewMessage; sms: repo.NewSms | null } {
    // A landline or missing phone cannot take an SMS; the in-site message still goes.
    const sms = n.sms && n.sms.phone && MOBILE.test(n.sms.phone) ? n.sms : null;
    return {
      message: { enterpriseId: n.enterpriseId, title: n.title, content: n.content, link: n.link, createdAt: now },
      sms: sms && {
        phone: sms.phone!,
        template: sms.template,
        content: `【${config.site.platformName}】${SMS_TEMPLATES[sms.template].replace('{title}', shorten(sms.subject, 20))}`,
        driver: config.sms.driver,
        createdAt: now,
      },
    };
  }

  async function send(id: number): Promise<void> {
    const row = await repo.findSms(db, id);
    if (!row || row.status !== 'pending') return;
    try {
      const answer = await driver.sendText({ phone: row.phone, template: row.template, text: row.content });
      await repo.settleSms(db, id, 'sent', answer, new Date().toISOString());
    } catch (err) {
      const why = err instanceof Error ? `${err.message}${err.cause instanceof Error ? `: ${err.cause.message}` : ''}` : String(err);
      log.warn({ sms: id, phone: maskPhone(row.phone), err: why }, 'SMS notice failed');
      await repo.settleSms(db, id, 'failed', why, new Date().toISOString());
    }
  }

  return {
    /** Writes the notices with `trx` (the transition's transaction); returns the ids of the SMS to deliver after commit. */
    async record(trx: Db, notices: readonly Notice[]): Promise<number[]> {
      const now = new Date().toISOString();
      const smsIds: number[] = [];
      for (const n of notices) {
        const { message, sms } = toRows(n, now);
        const id = await repo.insertMessage(trx, message, sms);
        if (id !== null) smsIds.push(id);
      }
      return smsIds;
    },

    /** As `record`, in multi-row statements: for a step that tells thousands of enterprises at once (a list import). */
    async recordMany(trx: Db, notices: readonly Notice[]): Promise<number[]> {
      const now = new Date().toISOString();
      return repo.insertMessages(trx, notices.map((n) => toRows(n, now)));
    },

    /** Sends the SMS written by `record`, once its transaction has committed. Never throws. */
    deliver(ids: readonly number[]): void {
      for (const id of ids) {
        const p = smsSlot(() => send(id))
          .catch((err) => log.error({ err, sms: id }, 'SMS notice could not be recorded'))
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
    },

    /** Resolves when every SMS handed to `deliver` so far has its verdict (tests; graceful close). */
    async settled(): Promise<void> {
      while (inFlight.size) await Promise.all([...inFlight]);
    },

    async page(user: AuthUser, q: MessagePageQuery): Promise<MessagePage> {
      const enterpriseId = enterpriseOf(user);
      const [{ records, total }, unread] = await Promise.all([repo.listMessages(db, enterpriseId, q), repo.countUnread(db, enterpriseId)]);
      return { ...toPage(records, total, q), unread };
    },

    /** Unread count for the header's greeting; 0 for an account without an enterprise yet. */
    async unread(user: AuthUser): Promise<number> {
      return user.enterpriseId === null ? 0 : repo.countUnread(db, user.enterpriseId);
    },

    /** Marks the given messages read (`ids` null: all of them); answers how many changed and what is left unread. */
    async read(user: AuthUser, ids: readonly number[] | null): Promise<{ updated: number; unread: number }> {
      const enterpriseId = enterpriseOf(user);
      const updated = await repo.markRead(db, enterpriseId, ids, new Date().toISOString());
      return { updated, unread: await repo.countUnread(db, enterpriseId) };
    },

    /** The SMS sent about a record, by the link of its messages (staff detail pages, tests). */
    smsFor: (link: string) => repo.listSmsByLink(db, link),
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
