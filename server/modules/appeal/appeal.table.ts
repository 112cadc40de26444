import type { Generated } from 'kysely';

export interface AppealTable {
  id: Generated<number>;
  enterpriseId: number;
  userId: number;
  title: string;
  /** dict `appeal_type` id */
  type: string;
  content: string;
  contactName: string;
  contactPhone: string;
  /** JSON array of { name, path }. */
  attachments: Generated<string>;
  isPublic: Generated<number>;
  /** contract/appeal.ts APPEAL_STATUS */
  status: Generated<string>;
  rejectReason: string | null;
  reply: string | null;
  repliedAt: string | null;
  acceptedAt: string | null;
  acceptDeadlineAt: string;
  replyDeadlineAt: string | null;
  evaluationLevel: number | null;
  evaluationComment: string | null;
  evaluatedAt: string | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

export interface AppealTimelineTable {
  id: Generated<number>;
  appealId: number;
  /** contract/appeal.ts APPEAL_ACTION */
  action: string;
  note: string | null;
  actor: string;
  at: string;
}

export interface AppealTables {
  appeal: AppealTable;
  appealTimeline: AppealTimelineTable;
}
