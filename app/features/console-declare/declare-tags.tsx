import { Tag } from 'antd';
import type { DeclareStatus } from '#contract/declare-ent.ts';
import type { ObjectionStatus, ProclamationStatus } from '#contract/proclamation.console.ts';

const DECLARE_COLOUR: Record<DeclareStatus, string> = { draft: 'default', submitted: 'processing', returned: 'warning', approved: 'success', refused: 'error' };
const PROCLAMATION_COLOUR: Record<ProclamationStatus, string> = { draft: 'default', published: 'processing', concluded: 'success', revoked: 'error' };
const OBJECTION_COLOUR: Record<ObjectionStatus, string> = { received: 'warning', answered: 'success' };

/** A declaration's state as a tag (the contract's wording, colours by outcome). */
export function DeclareStatusTag({ status, text }: { status: DeclareStatus; text: string }) {
  return <Tag color={DECLARE_COLOUR[status]}>{text}</Tag>;
}

/**
 * A 公示's state; one still 公示中 after its objection window says it waits for 结束公示
 * (`windowOver`: published and the window closed, as the server decided).
 */
export function ProclamationStatusTag({ status, text, windowOver = false }: { status: ProclamationStatus; text: string; windowOver?: boolean }) {
  return (
    <>
      <Tag color={PROCLAMATION_COLOUR[status]}>{text}</Tag>
      {windowOver && <Tag color="warning">期满待结束</Tag>}
    </>
  );
}

export function ObjectionStatusTag({ status, text }: { status: ObjectionStatus; text: string }) {
  return <Tag color={OBJECTION_COLOUR[status]}>{text}</Tag>;
}

/** An amount in 万元, or a dash. */
export const wan = (amount: number | null | undefined) => (amount === null || amount === undefined ? '-' : `${amount} 万元`);
