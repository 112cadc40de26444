import { Timeline } from 'antd';
import type { AppealDetail } from '#contract/appeal.ts';
import { formatDateTime } from '#contract/format.ts';

/** Colours of the timeline dots by action: refusals red, the bureau's steps blue, results green. */
const COLOURS: Record<string, string> = {
  submitted: 'gray',
  updated: 'gray',
  withdrawn: 'gray',
  accepted: 'blue',
  rejected: 'red',
  replied: 'green',
  evaluated: 'green',
  reopened: 'orange',
};

/** Every step of the appeal, oldest first: who, when, and what was said. */
export function AppealTimeline({ timeline }: { timeline: AppealDetail['timeline'] }) {
  return (
    <Timeline
      className="appeal-timeline"
      items={timeline.map((e, i) => ({
        key: `${e.at}-${i}`,
        color: COLOURS[e.action] ?? 'blue',
        content: (
          <>
            <span className="appeal-timeline__head">
              <strong>{e.actionText}</strong>
              <span className="ent-muted">{formatDateTime(e.at)}</span>
              <span className="ent-muted">{e.actor}</span>
            </span>
            {e.note && <div className="ent-pre appeal-timeline__note">{e.note}</div>}
          </>
        ),
      }))}
    />
  );
}
