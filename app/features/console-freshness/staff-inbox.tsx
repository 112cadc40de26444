import { Badge, Button, List, Switch } from 'antd';
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
      <List
        locale={{ emptyText: '暂无消息' }}
        dataSource={inbox.records}
        renderItem={(m) => (
          <List.Item
            actions={m.readAt ? [] : [<Button key="read" type="link" size="small" disabled={busy} onClick={() => call('staff-message/read', { ids: [m.id] })}>标为已读</Button>]}
          >
            <List.Item.Meta
              title={
                <span>
                  {!m.readAt && <Badge status="processing" text="未读" style={{ marginRight: 8 }} />}
                  {m.link ? <Link to={m.link}>{m.title}</Link> : m.title}
                </span>
              }
              description={
                <>
                  <div>{m.content}</div>
                  <DateText className="console-muted">{formatDateTime(m.createdAt)}</DateText>
                </>
              }
            />
          </List.Item>
        )}
      />
    </>
  );
}
