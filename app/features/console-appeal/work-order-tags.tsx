import { PlainTag } from '#app/components/plain-antd.tsx';
import type { AppealStatus } from '#contract/appeal.ts';
import { EXTENSION_STATUS, type ExtensionStatus } from '#contract/appeal.console.ts';

const STATUS_COLOUR: Record<AppealStatus, string> = {
  pending: 'blue',
  processing: 'processing',
  resolved: 'success',
  evaluated: 'green',
  rejected: 'default',
  withdrawn: 'default',
};

/** The work order's state as a tag (the contract's wording, colours by how far it has come). */
export function WorkOrderStatusTag({ status, text }: { status: AppealStatus; text: string }) {
  return <PlainTag color={STATUS_COLOUR[status]}>{text}</PlainTag>;
}

const EXTENSION_COLOUR: Record<ExtensionStatus, string> = { requested: 'purple', approved: 'cyan', refused: 'default' };

/** 延期待审批 / 已批准 / 未批准 beside the state, when an extension was asked for. */
export function ExtensionTag({ status }: { status: ExtensionStatus | null }) {
  if (!status) return null;
  return <PlainTag color={EXTENSION_COLOUR[status]}>延期{EXTENSION_STATUS[status]}</PlainTag>;
}
