import { PlainSpace, PlainTag } from '#app/components/plain-antd.tsx';
import { formatDeadline } from '#contract/format.ts';
import { DateText } from './date-text.tsx';

interface Due {
  /** The deadline of what the bureau owes now; null when it owes nothing. */
  dueAt: string | null;
  overdue: boolean;
  dueSoon: boolean;
}

/** 超期 / 临期 as a tag (nothing when neither), the same on every console list and detail. */
export function DeadlineFlag({ overdue, dueSoon }: Pick<Due, 'overdue' | 'dueSoon'>) {
  if (overdue) return <PlainTag color="error">超期</PlainTag>;
  return dueSoon ? <PlainTag color="warning">临期</PlainTag> : null;
}

/** The deadline owed now with its flag, or a dash when nothing is owed. */
export function DueCell({ dueAt, overdue, dueSoon }: Due) {
  if (!dueAt) return <span className="console-muted">-</span>;
  return (
    <PlainSpace size={4} wrap>
      <DateText className={overdue ? 'console-due console-due--late' : 'console-due'}>{formatDeadline(dueAt)}</DateText>
      <DeadlineFlag overdue={overdue} dueSoon={dueSoon} />
    </PlainSpace>
  );
}
