import type { PolicyListItem } from '#contract/policy.ts';
import { Badge, type Tone } from './detail.tsx';

const VALIDITY_TONE: Record<PolicyListItem['validity'], Tone> = { effective: 'green', expired: 'grey', pending: 'orange' };

/** Level, category and validity of a policy, as the list and the detail show them. */
export function PolicyBadges({ policy }: { policy: Pick<PolicyListItem, 'levelText' | 'categoryText' | 'validity' | 'validityText'> }) {
  return (
    <>
      <Badge tone="blue">{policy.levelText}</Badge>
      <Badge tone="blue">{policy.categoryText}</Badge>
      <Badge tone={VALIDITY_TONE[policy.validity]}>{policy.validityText}</Badge>
    </>
  );
}
