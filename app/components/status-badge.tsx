import { Badge, type Tone } from './detail.tsx';

/** Tones of the stable status codes (docs/api.md: `status` + `statusText`), so every list colours them alike. */
const TONES: Record<string, Tone> = {
  // appeals
  pending: 'orange',
  processing: 'blue',
  resolved: 'green',
  evaluated: 'green',
  rejected: 'grey',
  withdrawn: 'grey',
  // declaration projects
  not_started: 'orange',
  open: 'green',
  closed: 'grey',
};

export function StatusBadge({ status, text }: { status: string; text: string }) {
  return <Badge tone={TONES[status] ?? 'blue'}>{text}</Badge>;
}
