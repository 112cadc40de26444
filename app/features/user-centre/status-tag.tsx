import { PlainTag } from '#app/components/plain-antd.tsx';

/**
 * One colour per kind of state, the same on every list of the user centre: waiting for the
 * bureau (blue), waiting for the enterprise (orange), done well (green), closed (grey), refused (red).
 * Keyed by the stable status codes of the contract, never by their Chinese labels.
 */
const COLOURS: Record<string, string> = {
  // appeals
  pending: 'blue',
  processing: 'processing',
  resolved: 'orange',
  evaluated: 'green',
  rejected: 'red',
  withdrawn: 'default',
  // declarations
  draft: 'default',
  submitted: 'blue',
  approved: 'green',
  returned: 'orange',
  refused: 'red',
  // 免申即享 rows
  pending_confirm: 'orange',
  confirmed: 'blue',
  paid: 'green',
  declined: 'default',
  cancelled: 'default',
  // project windows
  not_started: 'default',
  open: 'green',
  closed: 'default',
};

export const statusColour = (status: string) => COLOURS[status] ?? 'default';

export function StatusTag({ status, text }: { status: string; text: string }) {
  return (
    <PlainTag color={statusColour(status)} variant="outlined">
      {text}
    </PlainTag>
  );
}
