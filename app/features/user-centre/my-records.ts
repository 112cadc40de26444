import type { DeclareListItem } from '#contract/declare-ent.ts';
import { formatAmount } from '#contract/format.ts';
import type { FreeDeclareEnt } from '#contract/free-declare.ts';

/** A declaration or a 免申即享 row, as one line of /user/free-apply. */
export interface RecordRow {
  key: string;
  kind: 'declare' | 'free';
  kindText: string;
  id: number;
  projectName: string;
  projectHref: string;
  amountText: string;
  status: string;
  statusText: string;
  /** The time the line is sorted by: its latest change. */
  at: string;
  declaration?: DeclareListItem;
  freeRow?: FreeDeclareEnt;
}

const KINDS = {
  declare: { kindText: '项目申报', projectPage: '/free-apply/declare-project/detail' },
  free: { kindText: '免申即享', projectPage: '/free-apply/free-project/detail' },
} as const;

/** What a line says whatever its kind: which project, in which state. */
function commonFields(kind: RecordRow['kind'], item: { id: number; project: { id: number; name: string }; status: string; statusText: string }) {
  return {
    key: `${kind}-${item.id}`,
    kind,
    kindText: KINDS[kind].kindText,
    id: item.id,
    projectName: item.project.name,
    projectHref: `${KINDS[kind].projectPage}?id=${item.project.id}`,
    status: item.status,
    statusText: item.statusText,
  };
}

export function declarationRow(d: DeclareListItem): RecordRow {
  return {
    ...commonFields('declare', d),
    amountText: d.amountApplied ? `申请 ${formatAmount(d.amountApplied)}` : '-',
    at: d.reviewedAt ?? d.submittedAt ?? d.updatedAt,
    declaration: d,
  };
}

export function freeRow(r: FreeDeclareEnt): RecordRow {
  return {
    ...commonFields('free', r),
    amountText: formatAmount(r.amount),
    at: r.paidAt ?? r.confirmedAt ?? r.createdAt,
    freeRow: r,
  };
}

/** Both kinds in one list, latest change first. */
export function mergeRecords(declarations: readonly DeclareListItem[], freeRows: readonly FreeDeclareEnt[]): RecordRow[] {
  return [...declarations.map(declarationRow), ...freeRows.map(freeRow)].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
