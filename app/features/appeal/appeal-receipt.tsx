import { Button, Descriptions } from 'antd';
import { useNavigate } from 'react-router';
import type { AppealDetail } from '#contract/appeal.ts';
import { formatDateTime, formatDeadline } from '#contract/format.ts';
import { DoneResult } from '#app/components/done-result.tsx';
import { DEADLINE_RULE } from './appeal-texts.ts';

/** What a filer keeps after submitting: the number, the time and when to expect an answer. */
export function AppealReceipt({ appeal, onAnother }: { appeal: AppealDetail; onAnother: () => void }) {
  const navigate = useNavigate();
  return (
    <DoneResult
      title="诉求已提交"
      subTitle={DEADLINE_RULE}
      extra={[
        <Button key="detail" type="primary" onClick={() => navigate(`/user/appeal/${appeal.id}`)}>
          查看办理进度
        </Button>,
        <Button key="mine" onClick={() => navigate('/user/appeal')}>
          我的诉求
        </Button>,
        <Button key="again" onClick={onAnother}>
          继续提交诉求
        </Button>,
      ]}
    >
      <Descriptions
        className="ent-receipt"
        column={1}
        bordered
        size="small"
        items={[
          { key: 'id', label: '诉求编号', children: <strong data-testid="appeal-receipt-no">{appeal.id}</strong> },
          { key: 'title', label: '诉求标题', children: appeal.title },
          { key: 'at', label: '提交时间', children: formatDateTime(appeal.createdAt) },
          { key: 'status', label: '当前状态', children: appeal.statusText },
          { key: 'accept', label: '受理时限', children: `${formatDeadline(appeal.acceptDeadlineAt)} 前` },
          { key: 'public', label: '是否公开', children: appeal.isPublic ? '公开' : '不公开' },
        ]}
      />
    </DoneResult>
  );
}
