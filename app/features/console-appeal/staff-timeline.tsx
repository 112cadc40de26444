import { Timeline } from 'antd';
import { PlainTag } from '#app/components/plain-antd.tsx';
import type { WorkOrderDetail } from '#contract/appeal.console.ts';
import { formatDateTime } from '#contract/format.ts';

const COLOURS: Partial<Record<string, string>> = { rejected: 'red', replied: 'green', rectified: 'green', evaluated: 'green', reopened: 'orange', extension_refused: 'red' };

/**
 * Every step of the work order for staff, oldest first: the side that acted, who it was, and
 * whether the enterprise sees the row (internal rows are marked; the enterprise never sees them).
 */
export function StaffTimeline({ timeline }: { timeline: WorkOrderDetail['timeline'] }) {
  return (
    <Timeline
      items={timeline.map((e, i) => ({
        key: `${e.at}-${i}`,
        color: e.internal ? 'gray' : (COLOURS[e.action] ?? 'blue'),
        content: (
          <div className="staff-timeline__item">
            <div className="staff-timeline__head">
              <strong>{e.actionText}</strong>
              {e.internal && <PlainTag>仅内部可见</PlainTag>}
              <span className="console-muted">{formatDateTime(e.at)}</span>
              <span className="console-muted">
                {e.actor}
                {e.staffName && e.staffName !== e.actor ? `（${e.staffName}）` : ''}
              </span>
            </div>
            {e.note && <div className="console-pre">{e.note}</div>}
          </div>
        ),
      }))}
    />
  );
}
