import type { Generated } from 'kysely';

/** 站内消息 to an enterprise (every user of the enterprise reads the same ones). */
export interface MessageTable {
  id: Generated<number>;
  enterpriseId: number;
  title: string;
  content: string;
  link: string | null;
  readAt: string | null;
  createdAt: string;
}

/** One SMS and what became of it: written with its message, sent after the transaction commits. */
export interface SmsDeliveryTable {
  id: Generated<number>;
  messageId: number | null;
  phone: string;
  /** contract/message.ts SMS_TEMPLATES */
  template: string;
  content: string;
  /** contract/message.ts SMS_STATUS */
  status: Generated<string>;
  /** config sms.driver at the time: log | http */
  driver: string;
  /** The gateway's answer, or why it failed. */
  answer: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface MessageTables {
  message: MessageTable;
  smsDelivery: SmsDeliveryTable;
}
