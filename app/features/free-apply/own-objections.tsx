import type { OwnObjection } from '#contract/proclamation.console.ts';
import { formatDateTime, formatDeadline } from '#contract/format.ts';
import { Note } from './note.tsx';

/** The objections this enterprise raised against the 公示, each with the bureau's answer once given. */
export function OwnObjections({ objections }: { objections: OwnObjection[] }) {
  return (
    <div className="own-objections" aria-label="我提出的异议">
      {objections.map((o) => (
        <Note
          key={o.receiptNo}
          tone={o.status === 'answered' ? 'info' : 'warning'}
          title={
            <>
              <strong>我提出的异议（受理编号 {o.receiptNo}）</strong>：{o.statusText}
              {o.resultText ? `，${o.resultText}` : ''}
            </>
          }
          description={
            o.status === 'answered' ? (
              <span className="ent-pre">
                答复（{formatDateTime(o.answeredAt)}）：{o.reply}
              </span>
            ) : (
              `已于 ${formatDateTime(o.createdAt)} 收到，我们将在 ${formatDeadline(o.dueAt)} 前核查答复。`
            )
          }
        />
      ))}
    </div>
  );
}
