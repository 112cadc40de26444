import { Tag } from 'antd';
import { FREE_DECLARE_STATUS, type FreeDeclareStatus } from '#contract/free-declare.ts';

/** Orange waits for the enterprise, blue for the payer, green is done, grey is closed (as the portal colours them). */
const COLOURS: Record<FreeDeclareStatus, string> = { pending_confirm: 'orange', confirmed: 'blue', paid: 'green', declined: 'default', cancelled: 'default' };

export function FreeStatusTag({ status }: { status: FreeDeclareStatus }) {
  return <Tag color={COLOURS[status]}>{FREE_DECLARE_STATUS[status]}</Tag>;
}

export const freeStatusOptions = (Object.keys(FREE_DECLARE_STATUS) as FreeDeclareStatus[]).map((value) => ({ value, label: FREE_DECLARE_STATUS[value] }));
