import { Timeline } from 'antd';
import { formatDateTime } from '#contract/format.ts';

export interface Step {
  action: string;
  actionText: string;
  note: string | null;
  at: string;
  actor: string;
  /** Staff pages only: who acted. */
  staffName?: string | null;
}

/**
 * Every step of a record, oldest first: what, when, who (the department for the enterprise; staff
 * also see the person), and what was said. `colours` maps actions to dot colours (blue otherwise).
 */
export function StepTimeline({ steps, colours }: { steps: readonly Step[]; colours: Record<string, string> }) {
  return (
    <Timeline
      items={steps.map((e, i) => ({
        key: `${e.at}-${i}`,
        color: colours[e.action] ?? 'blue',
        content: (
          <>
            <strong>{e.actionText}</strong>{' '}
            <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}>
              {formatDateTime(e.at)} · {e.actor}
              {e.staffName ? `（${e.staffName}）` : ''}
            </span>
            {e.note && <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{e.note}</div>}
          </>
        ),
      }))}
    />
  );
}
