import { z } from './zod.ts';
import { DECLARE_STATUSES, type DeclareStatus } from './declare-ent.ts';
import { FREE_DECLARE_STATUSES, type FreeDeclareStatus } from './free-declare.ts';

const isDeclareStatus = (s: string | undefined): s is DeclareStatus => (DECLARE_STATUSES as readonly string[]).includes(s ?? '');
const isFreeStatus = (s: string | undefined): s is FreeDeclareStatus => (FREE_DECLARE_STATUSES as readonly string[]).includes(s ?? '');

/**
 * /user/free-apply: declarations and 免申即享 rows in one list. `kind` picks one of them and
 * `status` is that kind's; a status of the other kind (a hand-edited link) filters nothing.
 */
export const myRecordsQuerySchema = z
  .object({
    kind: z.enum(['declare', 'free']).optional(),
    status: z.enum([...DECLARE_STATUSES, ...FREE_DECLARE_STATUSES]).optional(),
    currentPage: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .transform((q) => ({
    ...q,
    declareStatus: q.kind === 'declare' && isDeclareStatus(q.status) ? q.status : undefined,
    freeStatus: q.kind === 'free' && isFreeStatus(q.status) ? q.status : undefined,
  }));
export type MyRecordsQuery = z.output<typeof myRecordsQuerySchema>;
