import type { Generated } from 'kysely';

/** 站内消息 to one staff member (migration 0050). */
export interface StaffMessageTable {
  id: Generated<number>;
  staffId: number;
  title: string;
  content: string;
  link: string | null;
  readAt: string | null;
  createdAt: Generated<string>;
}

/** A staff member's choice to get their alerts by SMS as well; no row: in-site only. */
export interface StaffAlertSmsTable {
  staffId: number;
  enabled: number;
}

export interface StaffMessageTables {
  staffMessage: StaffMessageTable;
  staffAlertSms: StaffAlertSmsTable;
}
