import { yuanToWan } from '#contract/declare-project.ts';
import { FREE_IMPORT_COLUMNS, FREE_IMPORT_RAW_MAX, type FreeImportColumn, type ImportPreviewRow } from '#contract/free-declare-ent.console.ts';
import { usccCheckChar } from '#contract/validators.ts';

/** Where each column is in the file; `amountInYuan` when the header says 元 rather than 万元. */
export interface ColumnMap {
  index: Partial<Record<FreeImportColumn, number>>;
  amountInYuan: boolean;
}

/** One data line as read, before any check. */
export interface RawRow {
  line: number;
  uscc: string;
  /** The USCC cell as typed, before spaces and case are tidied. */
  typedUscc: string;
  enterpriseName: string;
  amount: string;
  condition: string;
  source: string;
  projectName: string;
}

/** Headers are compared without spaces, case or the difference between full-width and ASCII brackets. */
const norm = (s: string) => s.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')').toLowerCase();

/** Finds the columns in a header line; null when it is not the header (a title line above it, say). */
export function mapHeader(cells: readonly string[]): ColumnMap | null {
  const index: ColumnMap['index'] = {};
  let amountInYuan = false;
  cells.forEach((cell, i) => {
    const h = norm(cell);
    if (!h) return;
    for (const col of FREE_IMPORT_COLUMNS) {
      if (index[col.key] !== undefined) continue;
      if ([col.label, ...col.aliases].some((a) => norm(a) === h)) index[col.key] = i;
      else if (col.key === 'amount' && /^(兑付|补贴|奖励)?金额\(元\)$/.test(h)) {
        index.amount = i;
        amountInYuan = true;
      }
    }
  });
  return index.uscc !== undefined || index.enterpriseName !== undefined ? { index, amountInYuan } : null;
}

/** The required columns a header lacks, by their template names. */
export function missingColumns(map: ColumnMap): string[] {
  return FREE_IMPORT_COLUMNS.filter((c) => c.required && map.index[c.key] === undefined).map((c) => c.label);
}

export function toRawRow(map: ColumnMap, line: number, cells: readonly string[]): RawRow {
  const at = (key: FreeImportColumn) => {
    const i = map.index[key];
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
  return {
    line,
    uscc: at('uscc').replace(/\s+/g, '').toUpperCase(),
    typedUscc: at('uscc'),
    enterpriseName: at('enterpriseName'),
    amount: at('amount'),
    condition: at('condition'),
    source: at('source'),
    projectName: at('projectName'),
  };
}

/** What the checks need to know about the project and the database. */
export interface CheckContext {
  project: { name: string; amountMin: number | null; amountMax: number | null };
  amountInYuan: boolean;
  /** Enterprises on file, by USCC. */
  enterprises: ReadonlyMap<string, { id: number; name: string }>;
  /** Enterprise ids already on this project's list. */
  listed: ReadonlySet<number>;
}

const USCC_SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

function usccError(uscc: string): string | null {
  if (!uscc) return '缺少统一社会信用代码';
  if (uscc.length !== 18) return `统一社会信用代码应为 18 位（此处 ${uscc.length} 位）`;
  if (!USCC_SHAPE.test(uscc)) return '统一社会信用代码含有不允许的字符（不使用 I、O、Z、S、V）';
  const expected = usccCheckChar(uscc.slice(0, 17));
  if (expected !== uscc[17]) return `统一社会信用代码校验位不正确（按前 17 位应为 ${expected}），请核对`;
  return null;
}

/** Integer 元, or a sentence saying what is wrong with the cell. */
function parseAmount(text: string, inYuan: boolean): number | string {
  if (!text) return '缺少金额';
  const clean = text.replace(/[,，\s]/g, '').replace(/万元$|元$/, '');
  if (!/^\d+(\.\d+)?$/.test(clean)) return `金额“${text}”不是数字`;
  const value = Number(clean);
  const yuan = inYuan ? value : value * 10_000;
  if (Math.abs(yuan - Math.round(yuan)) > 1e-6) return inYuan ? '金额（元）不能有小数' : '金额最多保留 4 位小数（精确到元）';
  if (Math.round(yuan) <= 0) return '金额须大于 0';
  return Math.round(yuan);
}

/** A typed cell as shown back, cut with … past FREE_IMPORT_RAW_MAX characters. */
function shown(cell: string): string {
  const chars = Array.from(cell);
  return chars.length > FREE_IMPORT_RAW_MAX ? `${chars.slice(0, FREE_IMPORT_RAW_MAX).join('')}…` : cell;
}

const wan = (yuan: number) => `${yuanToWan(yuan)} 万元`;

/**
 * Checks every row of a file at once (duplicates need the whole list): USCC with its check digit,
 * name, amount within the project's range, the project a row names, duplicates within the file,
 * and a name that differs from the enterprise already registered under the USCC.
 */
export function checkRows(rows: readonly RawRow[], ctx: CheckContext): (ImportPreviewRow & { yuan: number | null })[] {
  const firstLine = new Map<string, number>();
  return rows.map((r) => {
    const errors: string[] = [];
    const bad = usccError(r.uscc);
    if (bad) errors.push(bad);
    if (!r.enterpriseName) errors.push('缺少企业名称');
    else if (Array.from(r.enterpriseName).length > 100) errors.push('企业名称不能超过 100 个字');
    const amount = parseAmount(r.amount, ctx.amountInYuan);
    if (typeof amount === 'string') errors.push(amount);
    else {
      const { amountMin, amountMax } = ctx.project;
      if (amountMin !== null && amount < amountMin) errors.push(`金额低于本项目下限 ${wan(amountMin)}`);
      if (amountMax !== null && amount > amountMax) errors.push(`金额超过本项目上限 ${wan(amountMax)}`);
    }
    if (r.projectName && r.projectName !== ctx.project.name) errors.push(`项目“${r.projectName}”与所选项目“${ctx.project.name}”不一致`);
    if (Array.from(r.condition).length > 500) errors.push('符合条件不能超过 500 个字');
    if (Array.from(r.source).length > 100) errors.push('数据来源不能超过 100 个字');

    let existing = false;
    let newEnterprise = false;
    if (!bad) {
      const seen = firstLine.get(r.uscc);
      if (seen !== undefined) errors.push(`与第 ${seen} 行的统一社会信用代码重复`);
      else firstLine.set(r.uscc, r.line);
      const known = ctx.enterprises.get(r.uscc);
      if (!known) newEnterprise = true;
      else if (r.enterpriseName && known.name !== r.enterpriseName) errors.push(`该信用代码在平台登记的企业名称为“${known.name}”，与名单不一致`);
      else existing = ctx.listed.has(known.id);
    }
    return {
      line: r.line,
      uscc: r.uscc,
      enterpriseName: r.enterpriseName,
      amount: typeof amount === 'number' ? yuanToWan(amount) : null,
      yuan: typeof amount === 'number' ? amount : null,
      condition: r.condition,
      source: r.source,
      errors,
      raw: errors.length ? { uscc: shown(r.typedUscc), amount: shown(r.amount) } : null,
      existing: errors.length === 0 && existing,
      newEnterprise: errors.length === 0 && newEnterprise,
    };
  });
}
