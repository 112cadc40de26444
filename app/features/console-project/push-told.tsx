import { Table } from 'antd';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { formatDateTime } from '#contract/format.ts';
import { VERDICTS, type matchPushListSchema, type MatchKind } from '#contract/match-verdict.ts';
import { SMS_STATUS } from '#contract/message.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';

type Told = z.infer<typeof matchPushListSchema>;

/** 政策推送 of one project, in its edit drawer: how many enterprises were told, when, who, and who by SMS too. */
export function PushTold({ kind, id }: { kind: MatchKind; id: number }) {
  const [told, setTold] = useState<Told | null>(null);
  useEffect(() => {
    let live = true;
    consoleHttp.get<Told>('match/pushes', { kind, id }, { silent: true }).then((t) => live && setTold(t), () => live && setTold(null));
    return () => {
      live = false;
    };
  }, [kind, id]);
  if (!told) return null;
  return (
    <section aria-labelledby="push-told-title" style={{ marginTop: 8 }}>
      <h3 id="push-told-title" style={{ fontSize: 14, margin: '0 0 8px' }}>
        政策推送
      </h3>
      {told.records.length === 0 ? (
        <p>尚未推送：发布后，系统会按匹配条件告知符合条件的企业，并请信息不全的企业补充企业画像。</p>
      ) : (
        <>
          <p>
            已告知符合条件的企业 {told.eligible} 家，请 {told.maybe} 家企业补充企业画像；最近一次 {formatDateTime(told.lastAt)}。
            {told.sms > 0 && `其中 ${told.sms} 家订阅了政策推送短信，已另发短信。`}
          </p>
          <Table
            size="small"
            rowKey="uscc"
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={told.records}
            columns={[
              { title: '企业名称', dataIndex: 'enterpriseName' },
              { title: '告知内容', width: 120, render: (_, r) => (r.verdict === 'eligible' ? VERDICTS.eligible : '请补充画像') },
              { title: '告知时间', width: 170, render: (_, r) => formatDateTime(r.toldAt) },
              { title: '短信', width: 90, render: (_, r) => (r.sms ? SMS_STATUS[r.sms] : '—') },
            ]}
          />
        </>
      )}
    </section>
  );
}
