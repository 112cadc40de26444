import { yuanToWan } from '#contract/declare-project.ts';
import { FREE_IMPORT_COLUMNS, FREE_IMPORT_RAW_MAX, type FreeImportColumn, type ImportPreviewRow } from '#contract/free-declare-ent.console.ts';
import { cellOf, cleanUscc, columnIndex, duplicateTracker, normHeader, usccProblem } from '#server/platform/sheet-import.ts';

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

/** Finds the columns in a header line; null when it is not the header (a title line above it, say). */
export function mapHeader(cells: readonly string[]): ColumnMap | null {
  const index = columnIndex(FREE_IMPORT_COLUMNS, cells);
  // A header that says 元 rather than 万元 is read in 元.
  const yuan = index.amount === undefined ? cells.findIndex((c) => /^(兑付|补贴|奖励)?金额\(元\)$/.test(normHeader(c))) : -1;
  if (yuan >= 0) index.amount = yuan;
  return index.uscc !== undefined || index.enterpriseName !== undefined ? { index, amountInYuan: yuan >= 0 } : null;
}

export function toRawRow(map: ColumnMap, line: number, cells: readonly string[]): RawRow {
  const at = (key: FreeImportColumn) => cellOf(map.index, cells, key);
  return {
    line,
    uscc: cleanUscc(at('uscc')),
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
  const duplicate = duplicateTracker();
  return rows.map((r) => {
    const errors: string[] = [];
    const bad = usccProblem(r.uscc);
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
      const again = duplicate(r.uscc, r.line);
      if (again) errors.push(again);
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
