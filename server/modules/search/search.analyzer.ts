import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Jieba } from '@node-rs/jieba';
import type { pinyin as Pinyin } from 'pinyin-pro';

/**
 * How text becomes the words the index keeps and a query looks for (docs/decisions.md "站内搜索").
 * The same cut on both sides: jieba's search mode for documents (every word and the shorter
 * words inside it), its precise mode for queries, one dictionary for both that never changes at
 * run time (staff's synonyms are matched in the query, not added to the dictionary), so a
 * document indexed last year and a query typed today cut the same way. Every Han character is a
 * word too, so one- and two-character queries find what contains them.
 */

/** Words of this bureau that jieba's dictionary cuts apart (专精特新 → 专精/特/新). */
const DOMAIN_WORDS = [
  '专精特新',
  '小巨人',
  '专精特新小巨人',
  '高企',
  '高新技术企业',
  '免申即享',
  '综保区',
  '综合保税区',
  '研发投入',
  '跨境电商',
  '保税维修',
  '加工贸易',
  '出口信用保险',
  '营商环境',
  '一网通办',
  '首台套',
  '链主企业',
  '瞪羚企业',
  '独角兽企业',
  '稳岗补贴',
  '文号',
];

/*
 * The segmenter (about 36 MB once its dictionary is built) and the pinyin tables (about 24 MB)
 * are loaded on first use, so a process that never searches or indexes never holds them
 * (docs/search.md "How words are cut"). `@node-rs/jieba/dict.js` is not imported: it reads
 * jieba's keyword-weight file too (6 MB, unused here) and keeps both files' bytes for the life of
 * the process; the dictionary's bytes are read here and dropped once jieba has built its own.
 */
const load = createRequire(import.meta.url);
let jieba: Jieba | null = null;
function segmenter(): Jieba {
  if (!jieba) {
    const { Jieba: Segmenter } = load('@node-rs/jieba') as typeof import('@node-rs/jieba');
    jieba = Segmenter.withDict(readFileSync(load.resolve('@node-rs/jieba/dict.txt')));
    jieba.loadDict(Buffer.from(DOMAIN_WORDS.map((w) => `${w} 100000 n`).join('\n')));
  }
  return jieba;
}
let pinyinLib: typeof Pinyin | null = null;
/** pinyin-pro's `pinyin`. */
function pinyin(): typeof Pinyin {
  return (pinyinLib ??= (load('pinyin-pro') as typeof import('pinyin-pro')).pinyin);
}

// Quotes and title marks join what they enclose (专精特新“小巨人” is one name); other punctuation splits.
const JOINING = /[“”‘’"'「」『』《》〈〉]/g;
const WORD = /[\p{L}\p{N}]+/gu;
const HAN = /\p{Script=Han}/u;
const PINYIN_WORD = /^[a-z]+$/;

/** Full-width to half-width, lower case, quotes dropped: the form both sides cut. */
export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(JOINING, '');
}

/** Only letters and digits survive: a word never carries an operator of either database. */
function words(pieces: readonly string[]): string[] {
  return pieces.flatMap((p) => p.match(WORD) ?? []);
}

// 沪府规〔2026〕12号 with any brackets, or none: the issuer's abbreviation, the year, the number.
const DOC_NO = /([\p{Script=Han}a-z]+)\s*[〔\[【(（［{]?\s*((?:19|20)\d{2})\s*[〕\]】)）］}年]?\s*第?\s*(\d{1,5})\s*号/u;

/** A 文号 as one word, whatever brackets it was typed with. */
export function docNoWord(text: string): { word: string; parts: string[]; at: number; length: number } | null {
  const m = DOC_NO.exec(normalize(text));
  if (!m) return null;
  return { word: `${m[1]}${m[2]}n${m[3]}`, parts: [m[1], m[2], `${m[3]}号`], at: m.index, length: m[0].length };
}

/** Pinyin of every run of two to four characters of each Han run, whole and by initials. */
function pinyinWords(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(/\p{Script=Han}+/gu) ?? []) {
    const whole = pinyin()(run, { toneType: 'none', type: 'array', v: true });
    const initials = whole.map((s) => s[0] ?? '');
    for (let i = 0; i < whole.length; i++) {
      for (let n = 2; n <= 4 && i + n <= whole.length; n++) {
        out.push(whole.slice(i, i + n).join(''), initials.slice(i, i + n).join(''));
      }
    }
  }
  return out;
}

export interface DocText {
  title: string;
  /** Title-weight text that is not the title: a policy's 文号 and issuing body. */
  extra?: string;
  body: string;
  docNo?: string | null;
}

function textWords(text: string): string[] {
  const t = normalize(text);
  const hans = [...t].filter((c) => HAN.test(c));
  return [...words(segmenter().cutForSearch(t, false)), ...hans];
}

/** The words a document is found by: title and body, pinyin of the title, the 文号. */
export function documentWords(doc: DocText): { titleWords: string[]; allWords: string[] } {
  const head = `${doc.title} ${doc.extra ?? ''}`;
  const titleSet = new Set([...textWords(head), ...pinyinWords(normalize(doc.title))]);
  const no = doc.docNo ? docNoWord(doc.docNo) : null;
  if (no) titleSet.add(no.word);
  const all = new Set([...titleSet, ...textWords(doc.body)]);
  return { titleWords: [...titleSet], allWords: [...all] };
}

/** One alternative: every word of it must be there (高新技术企业 → 高新技术 企业). */
export type Alternative = string[];
/** A query: every group must match by one of its alternatives. */
export interface QueryPlan {
  groups: Alternative[][];
  /** The strings to mark in a title or snippet. */
  marks: string[];
  /** Query words that may be pinyin: marked where a title's characters read so. */
  pinyin: string[];
}

/** At most this many groups: a long query narrows nothing more and only costs. */
const MAX_GROUPS = 16;

/**
 * A query as groups of alternatives: a 文号 in any brackets, staff's synonyms found in the text
 * (longest first), then jieba's precise cut of what remains.
 */
export function planQuery(query: string, synonyms: readonly (readonly string[])[]): QueryPlan {
  const groups: Alternative[][] = [];
  const marks = new Set<string>();
  const cut = (s: string) => words(segmenter().cut(normalize(s), false));
  let rest = normalize(query);

  const no = docNoWord(rest);
  if (no) {
    // Words typed before it (关于沪府规…) join its prefix: each tail of two characters or more is tried.
    const [prefix, year, number] = [no.parts[0], no.parts[1], no.parts[2].slice(0, -1)];
    const tails = Array.from({ length: Math.max(1, prefix.length - 1) }, (_, i) => [`${prefix.slice(i)}${year}n${number}`]);
    groups.push(tails);
    for (const p of no.parts) marks.add(p);
    rest = `${rest.slice(0, no.at)} ${rest.slice(no.at + no.length)}`;
  }

  const byWord = new Map<string, readonly string[]>();
  for (const group of synonyms) for (const w of group) byWord.set(normalize(w), group);
  const known = [...byWord.keys()].filter(Boolean).sort((a, b) => b.length - a.length);
  for (const w of known) {
    if (!rest.includes(w)) continue;
    const alternatives = byWord.get(w)!.map(cut).filter((a) => a.length > 0);
    if (alternatives.length > 0) groups.push(alternatives);
    for (const a of alternatives) for (const m of a) marks.add(m);
    rest = rest.split(w).join(' ');
  }

  for (const w of cut(rest)) {
    groups.push([[w]]);
    marks.add(w);
  }
  const unique = new Map(groups.map((g) => [JSON.stringify(g), g]));
  const kept = [...unique.values()].slice(0, MAX_GROUPS);
  const pinyinCandidates = kept.flatMap((g) => g.flat()).filter((w) => PINYIN_WORD.test(w) && w.length >= 2);
  return { groups: kept, marks: [...marks], pinyin: pinyinCandidates };
}

/** The pinyin (whole and initials) of each character of `text`, for marking a pinyin hit. */
export function charPinyin(text: string): { whole: string; initial: string }[] {
  return [...text].map((c) => {
    if (!HAN.test(c)) return { whole: '', initial: '' };
    const p = pinyin()(c, { toneType: 'none', v: true });
    return { whole: p, initial: p[0] ?? '' };
  });
}
