import { Button, Switch } from 'antd';
import { PlainTag } from '#app/components/plain-antd.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '#contract/format.ts';
import type { StaffInbox as Inbox } from '#contract/staff-message.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { DateText } from '#app/features/console/date-text.tsx';

/** The 工作台's 站内消息: the newest ones, unread marked, and whether they come by SMS too. */
export function StaffInbox({ initial }: { initial: Inbox }) {
  const [inbox, setInbox] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function call(path: string, body: object) {
    setBusy(true);
    try {
      setInbox(await consoleHttp.post<Inbox>(path, body));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p className="staff-inbox__sms">
        <Switch checked={inbox.sms} loading={busy} onChange={(sms) => call('staff-message/sms', { sms })} aria-label="同时以短信接收提醒" />
        <span>同时以短信接收提醒（发往您登记的手机）</span>
      </p>
      {inbox.records.length ? (
        <ul className="staff-inbox" aria-label="站内消息">
          {inbox.records.map((m) => (
            <li key={m.id} className={m.readAt ? 'staff-inbox__item' : 'staff-inbox__item staff-inbox__item--unread'}>
              <div className="staff-inbox__title">
                {!m.readAt && <PlainTag color="processing">未读</PlainTag>}
                {m.link ? <Link to={m.link}>{m.title}</Link> : <strong>{m.title}</strong>}
                <DateText className="console-muted">{formatDateTime(m.createdAt)}</DateText>
                {!m.readAt && (
                  <Button type="link" size="small" disabled={busy} onClick={() => call('staff-message/read', { ids: [m.id] })}>
                    标为已读
                  </Button>
                )}
              </div>
              <p>{m.content}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="console-muted">暂无消息。</p>
      )}
    </>
  );
}
