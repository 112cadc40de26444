import { PlainTag } from '#app/components/plain-antd.tsx';
import { APPEAL_ACCEPT_WORKING_DAYS, APPEAL_REPLY_WORKING_DAYS } from '#contract/appeal.ts';
import { formatDateTime, formatDeadline } from '#contract/format.ts';

interface DeadlineFacts {
  status: string;
  acceptedAt: string | null;
  acceptDeadlineAt: string | null;
  replyDeadlineAt: string | null;
  overdue: boolean;
  dueSoon: boolean;
}

/** The mark of an appeal whose current step is late (超期) or has at most a working day left (临期). */
export function OverdueTag({ overdue, dueSoon = false }: { overdue: boolean; dueSoon?: boolean }) {
  if (overdue) {
    return (
      <PlainTag color="red" variant="solid">
        已超期
      </PlainTag>
    );
  }
  return dueSoon ? <PlainTag color="orange">临期</PlainTag> : null;
}

/**
 * The two time limits of docs/domain.md, with what became of each: accept within 1 working day of
 * submission, reply within 5 working days of acceptance.
 */
export function deadlineRows(a: DeadlineFacts) {
  const stillAccepting = a.status === 'pending';
  const stillReplying = a.status === 'processing';
  return [
    {
      key: 'accept',
      label: `受理时限（${APPEAL_ACCEPT_WORKING_DAYS} 个工作日）`,
      children: (
        <span>
          {a.acceptDeadlineAt ? `${formatDeadline(a.acceptDeadlineAt)} 前` : '-'}
          {a.acceptedAt && <span className="ent-muted">（{formatDateTime(a.acceptedAt)} 已受理）</span>}
          {stillAccepting && <OverdueTag overdue={a.overdue} dueSoon={a.dueSoon} />}
        </span>
      ),
    },
    {
      key: 'reply',
      label: `答复时限（受理后 ${APPEAL_REPLY_WORKING_DAYS} 个工作日）`,
      children: (
        <span>
          {a.replyDeadlineAt ? `${formatDeadline(a.replyDeadlineAt)} 前` : '受理后开始计算'}
          {stillReplying && <OverdueTag overdue={a.overdue} dueSoon={a.dueSoon} />}
        </span>
      ),
    },
  ];
}
