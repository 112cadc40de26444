import type { Notice } from '#contract/notice.ts';
import type { Policy } from '#contract/policy.ts';
import { formatDate } from '#contract/format.ts';

/** A run of text that both versions share, or that only the new one (added) or the old one (removed) has. */
export interface Piece {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** A field that changed, as pieces of the old and new text in reading order. */
export interface FieldChange {
  label: string;
  pieces: Piece[];
}

/** A paragraph of the body: unchanged, added, removed, or changed within (pieces). */
export type ParagraphChange = { kind: 'same' | 'added' | 'removed'; text: string } | { kind: 'changed'; pieces: Piece[] };

/** Past this many cells the comparison of two texts says "replaced" instead of finding the common parts. */
const MAX_CELLS = 2_000_000;

/** The longest common subsequence of two sequences, as a walk of same / removed / added items. */
function lcsWalk<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): { kind: Piece['kind']; item: T }[] {
  const n = a.length;
  const m = b.length;
  // lengths[i][j]: the common length of a[i..] and b[j..], one flat array.
  const lengths = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i -= 1)
    for (let j = m - 1; j >= 0; j -= 1)
      lengths[i * (m + 1) + j] = same(a[i], b[j]) ? lengths[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1]);
  const walk: { kind: Piece['kind']; item: T }[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (same(a[i], b[j])) {
      walk.push({ kind: 'same', item: a[i] });
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1]) walk.push({ kind: 'removed', item: a[i++] });
    else walk.push({ kind: 'added', item: b[j++] });
  }
  while (i < n) walk.push({ kind: 'removed', item: a[i++] });
  while (j < m) walk.push({ kind: 'added', item: b[j++] });
  return walk;
}

/** Old → new text as pieces, character by character (Chinese has no spaces to split words on). */
export function diffText(before: string, after: string): Piece[] {
  const a = Array.from(before);
  const b = Array.from(after);
  if (before === after) return before ? [{ kind: 'same', text: before }] : [];
  if (a.length * b.length > MAX_CELLS)
    return [
      ...(before ? [{ kind: 'removed' as const, text: before }] : []),
      ...(after ? [{ kind: 'added' as const, text: after }] : []),
    ];
  const pieces: Piece[] = [];
  for (const { kind, item } of lcsWalk(a, b, (x, y) => x === y)) {
    const last = pieces[pieces.length - 1];
    if (last?.kind === kind) last.text += item;
    else pieces.push({ kind, text: item });
  }
  return pieces;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Rich text as the paragraphs a reader sees: block ends become breaks, tags go, entities are read. */
export function paragraphsOf(html: string | null): string[] {
  if (!html) return [];
  return html
    .replace(/<(br)\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|div|tr|blockquote|pre)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e])
    .split('\n')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Old → new body, paragraph by paragraph; paragraphs replaced by others are compared within. */
export function diffParagraphs(before: readonly string[], after: readonly string[]): ParagraphChange[] {
  const walk = lcsWalk(before, after, (x, y) => x === y);
  const out: ParagraphChange[] = [];
  for (let k = 0; k < walk.length; ) {
    if (walk[k].kind === 'same') {
      out.push({ kind: 'same', text: walk[k++].item });
      continue;
    }
    const removed: string[] = [];
    const added: string[] = [];
    while (k < walk.length && walk[k].kind !== 'same') (walk[k].kind === 'removed' ? removed : added).push(walk[k++].item);
    // Replaced paragraphs are compared within, pair by pair; what is left over was removed or added whole.
    const pairs = Math.min(removed.length, added.length);
    for (let i = 0; i < pairs; i += 1) out.push({ kind: 'changed', pieces: diffText(removed[i], added[i]) });
    out.push(...removed.slice(pairs).map((text) => ({ kind: 'removed' as const, text })), ...added.slice(pairs).map((text) => ({ kind: 'added' as const, text })));
  }
  return out;
}

const files = (list: { name: string }[]) => list.map((f) => f.name).join('、');
const day = (iso: string | null) => (iso ? formatDate(iso) : '');
const validity = (p: Policy) => (p.effectiveFrom || p.effectiveTo ? `${day(p.effectiveFrom) || '发布之日'} 至 ${day(p.effectiveTo) || '长期'}` : '');

/** The fields a reader sees above and below the body, as text, in the page's order. */
function fieldsOf(page: Notice | Policy): [string, string][] {
  if ('docNo' in page)
    return [
      ['标题', page.title],
      ['文号', page.docNo ?? ''],
      ['发文机关', page.issuer],
      ['政策级别', page.levelText],
      ['政策类别', page.categoryText],
      ['有效期', validity(page)],
      ['附件', files(page.attachments)],
    ];
  return [
    ['标题', page.title],
    ['摘要', page.summary ?? ''],
    ['发布单位', page.source ?? ''],
    ['置顶', page.isTop ? '是' : '否'],
    ['附件', files(page.attachments)],
  ];
}

/**
 * What changed from the published version to the one under review (docs/console.md "Content"):
 * the fields that differ, and the body (and a policy's 解读) paragraph by paragraph.
 */
export function contentChanges(published: Notice | Policy, current: Notice | Policy): { fields: FieldChange[]; body: ParagraphChange[]; interpretation: ParagraphChange[] } {
  const before = new Map(fieldsOf(published));
  const fields = fieldsOf(current)
    .filter(([label, text]) => (before.get(label) ?? '') !== text)
    .map(([label, text]) => ({ label, pieces: diffText(before.get(label) ?? '', text) }));
  const interpretationOf = (p: Notice | Policy) => ('interpretation' in p ? p.interpretation : null);
  return {
    fields,
    body: diffParagraphs(paragraphsOf(published.content), paragraphsOf(current.content)),
    interpretation: diffParagraphs(paragraphsOf(interpretationOf(published)), paragraphsOf(interpretationOf(current))),
  };
}
