import { charPinyin, normalize } from './search.analyzer.ts';

/**
 * Titles and snippets as HTML: every character escaped, the only markup `<mark>` around what the
 * query matched. Matching is on the normalised text (full-width letters, case), marking on the
 * original, character for character.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const normalForms = new Map<string, string>();
function normalChar(c: string): string {
  let n = normalForms.get(c);
  if (n === undefined) {
    n = normalize(c);
    if (normalForms.size < 20_000) normalForms.set(c, n);
  }
  return n;
}

/** Characters of `text` to mark: each occurrence of a term, and each run that reads as a pinyin term. */
function markedChars(chars: string[], terms: readonly string[], pinyinTerms: readonly string[]): boolean[] {
  const marked = new Array<boolean>(chars.length).fill(false);
  // Normalised per character, so that positions stay those of the original.
  // Matched on the characters that survive normalising (quotes drop out: 专精特新“小巨人” reads
  // as 专精特新小巨人), marked from the first to the last original character of each match.
  const kept: number[] = [];
  const norm: string[] = [];
  chars.forEach((c, i) => {
    for (const n of normalChar(c)) {
      kept.push(i);
      norm.push(n);
    }
  });
  for (const term of terms) {
    const t = [...normalize(term)];
    if (t.length === 0) continue;
    for (let i = 0; i + t.length <= norm.length; i++) {
      if (t.every((c, k) => norm[i + k] === c)) for (let k = kept[i]; k <= kept[i + t.length - 1]; k++) marked[k] = true;
    }
  }
  if (pinyinTerms.length > 0) {
    const py = charPinyin(chars.join(''));
    for (const term of pinyinTerms) {
      for (let i = 0; i < py.length; i++) {
        for (let n = 2; n <= 4 && i + n <= py.length; n++) {
          const run = py.slice(i, i + n);
          if (run.some((p) => !p.whole)) break;
          if (run.map((p) => p.whole).join('') === term || run.map((p) => p.initial).join('') === term) {
            for (let k = 0; k < n; k++) marked[i + k] = true;
          }
        }
      }
    }
  }
  return marked;
}

function render(chars: string[], marked: boolean[]): string {
  let out = '';
  let open = false;
  chars.forEach((c, i) => {
    if (marked[i] !== open) {
      out += open ? '</mark>' : '<mark>';
      open = marked[i];
    }
    out += escapeHtml(c);
  });
  return open ? `${out}</mark>` : out;
}

export function highlight(text: string, terms: readonly string[], pinyinTerms: readonly string[] = []): string {
  const chars = [...text];
  return render(chars, markedChars(chars, terms, pinyinTerms));
}

const SNIPPET_CHARS = 120;
const BEFORE_HIT = 30;

/** The passage around the first hit (the start when the body has none), marked. */
export function snippet(body: string, terms: readonly string[]): string {
  // A hit further in than this is not worth reading for: the start is shown instead.
  const chars = [...body.slice(0, 4000)];
  const marked = markedChars(chars, terms, []);
  const first = marked.indexOf(true);
  const start = first > BEFORE_HIT ? first - BEFORE_HIT : 0;
  const end = Math.min(chars.length, start + SNIPPET_CHARS);
  const html = render(chars.slice(start, end), marked.slice(start, end));
  return `${start > 0 ? '…' : ''}${html}${end < chars.length ? '…' : ''}`;
}
