import type { Generated } from 'kysely';
import type { AppealStatus } from '#contract/appeal.ts';
import type { FollowUpStatus } from '#contract/appeal-follow-up.ts';

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
  status: Generated<AppealStatus>;
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
  // The work order (docs/console.md "Workflows"); departments come from the staff console.
  departmentId: number | null;
  /** The deadline of the step the bureau owes now (accept, sign, reply, 回访); null when it owes nothing. */
  dueAt: string | null;
  assignedAt: string | null;
  signDeadlineAt: string | null;
  signedAt: string | null;
  /** requested | approved | refused: one extension per work order. */
  extensionStatus: string | null;
  extensionDays: number | null;
  extensionReason: string | null;
  /** JSON array of { name, path }: the files sent with the reply. */
  replyAttachments: Generated<string>;
  revisitDeadlineAt: string | null;
  revisitedAt: string | null;
  /** Set when the bureau took the appeal off the public list. */
  unpublishReason: string | null;
}

export interface AppealTimelineTable {
  id: Generated<number>;
  appealId: number;
  /** contract/appeal.ts APPEAL_ACTION */
  action: string;
  note: string | null;
  actor: string;
  at: string;
  /** 1: staff only (internal notes, extension requests); never shown to the enterprise. */
  internal: Generated<number>;
  /** The staff member who acted, for staff eyes only; the enterprise sees `actor` (the department). */
  staffName: string | null;
}

/** 差评 follow-up (核实 → 整改反馈): opened by a 不满意 or 非常不满意 evaluation. */
export interface AppealFollowUpTable {
  id: Generated<number>;
  appealId: number;
  departmentId: number | null;
  evaluationLevel: number;
  evaluationComment: string | null;
  status: Generated<FollowUpStatus>;
  dueAt: string;
  verification: string | null;
  verifiedAt: string | null;
  feedback: string | null;
  fedBackAt: string | null;
  createdAt: string;
}

export interface AppealTables {
  appeal: AppealTable;
  appealTimeline: AppealTimelineTable;
  appealFollowUp: AppealFollowUpTable;
}
