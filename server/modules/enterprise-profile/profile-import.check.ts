import {
  ATTRIBUTE_CODES,
  ATTRIBUTES,
  attributesInputSchema,
  formatAttribute,
  INDUSTRIES,
  QUALIFICATION_CODES,
  QUALIFICATIONS,
  SCALES,
  sourceLabel,
  type AttributeCode,
  type Profile,
} from '#contract/enterprise-profile.ts';
import { PROFILE_IMPORT_COLUMNS, type ProfileImportChange, type ProfileImportColumn, type ProfileImportRow } from '#contract/enterprise-profile-import.ts';
import { cellOf, cleanUscc, columnIndex, duplicateTracker, normHeader, usccProblem } from '#server/platform/sheet-import.ts';

export type ColumnMap = Partial<Record<ProfileImportColumn, number>>;

/** One data line as read, before any check. */
export interface RawRow {
  line: number;
  uscc: string;
  enterpriseName: string;
  department: string;
  cells: Partial<Record<AttributeCode, string>>;
}

/** The header: the USCC column and at least one other known column; null for a title line. */
export function mapHeader(cells: readonly string[]): ColumnMap | null {
  const index = columnIndex(PROFILE_IMPORT_COLUMNS, cells);
  return index.uscc !== undefined && Object.keys(index).length > 1 ? index : null;
}

/** The required columns a header lacks, and a file that names no attribute at all. */
export function missingOf(map: ColumnMap): string[] {
  const missing = PROFILE_IMPORT_COLUMNS.filter((c) => c.required && map[c.key] === undefined).map((c) => c.label);
  if (!ATTRIBUTE_CODES.some((code) => map[code] !== undefined)) missing.push('至少一项企业画像（如 企业规模、资质）');
  return missing;
}

export function toRawRow(map: ColumnMap, line: number, cells: readonly string[]): RawRow {
  const out: RawRow['cells'] = {};
  for (const code of ATTRIBUTE_CODES) {
    const text = cellOf(map, cells, code);
    if (text) out[code] = text;
  }
  return { line, uscc: cleanUscc(cellOf(map, cells, 'uscc')), enterpriseName: cellOf(map, cells, 'enterpriseName'), department: cellOf(map, cells, 'department'), cells: out };
}

const byName = (options: Record<string, string>, text: string) => Object.entries(options).find(([code, name]) => normHeader(name) === normHeader(text) || code === text)?.[0];

/** A cell's text as the value the profile schema takes (still unchecked), or a sentence. */
function readCell(code: AttributeCode, text: string): { value: unknown } | { error: string } {
  const spec = ATTRIBUTES[code];
  switch (spec.type) {
    case 'code': {
      if (code === 'industry') {
        // 'C', 'C 制造业', 'C制造业' or '制造业'.
        const letter = /^([A-Ta-t])(?![A-Za-z])/.exec(text)?.[1]?.toUpperCase() ?? byName(INDUSTRIES, text);
        return letter ? { value: letter } : { error: `所属行业“${text}”不是国民经济行业分类的门类，请填门类字母（如 C）或名称（如 制造业）` };
      }
      const scale = byName(SCALES, text.replace(/企业$/, '')) ?? Object.entries(SCALES).find(([, name]) => name[0] === text)?.[0];
      return scale ? { value: scale } : { error: `企业规模“${text}”只能是大型、中型、小型或微型` };
    }
    case 'date': {
      const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(text);
      return { value: m ? `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}` : text };
    }
    case 'integer':
    case 'number': {
      const clean = text.replace(/[,，\s]/g, '').replace(/(万元|万美元|人|%)$/, '');
      return { value: /^-?\d+(\.\d+)?$/.test(clean) ? Number(clean) : text };
    }
    case 'set': {
      if (/^(无|没有|否)$/.test(text)) return { value: [] };
      const parts = text.split(/[、,，;；/\s]+/).filter(Boolean);
      const codes = parts.map((p) => byName(QUALIFICATIONS, p));
      const unknown = parts.filter((_, i) => !codes[i]);
      if (unknown.length) return { error: `资质“${unknown.join('、')}”不在可导入的资质中（${Object.values(QUALIFICATIONS).join('、')}）` };
      // Stored in the catalogue's order, so that the same set reads as the same value.
      return { value: QUALIFICATION_CODES.filter((c) => codes.includes(c)) };
    }
  }
}

/** The checked value of one cell (the profile form's own rules and messages), or a sentence quoting the cell. */
export function parseCell(code: AttributeCode, text: string): { value: unknown } | { error: string } {
  const read = readCell(code, text);
  if ('error' in read) return read;
  const checked = attributesInputSchema.safeParse({ [code]: read.value });
  if (!checked.success) return { error: `${checked.error.issues[0]!.message}（表中为“${text}”）` };
  return { value: (checked.data as Record<string, unknown>)[code] };
}

/** What the checks need to know about the database. */
export interface CheckContext {
  enterprises: ReadonlyMap<string, { id: number; name: string }>;
  /** Profiles of the known enterprises, by id. */
  profiles: ReadonlyMap<number, Profile>;
}

export type CheckedRow = ProfileImportRow & { enterpriseId: number | null; values: Partial<Record<AttributeCode, unknown>> };

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What counts now, with its source. */
function shown(profile: Profile | undefined, code: AttributeCode): string | null {
  const a = profile?.attributes[code];
  if (!a) return null;
  return `${formatAttribute(code, a.value)}（${sourceLabel(a.source, a.department)}）`;
}

/**
 * Checks every row of a file at once (duplicates need the whole file): USCC with its check digit,
 * an enterprise on file (verified data is never written to an enterprise the portal does not
 * know), its name when the file gives one, the department, each value by the profile's own rules,
 * and what would change against what is verified already.
 */
export function checkRows(rows: readonly RawRow[], ctx: CheckContext): CheckedRow[] {
  const duplicate = duplicateTracker();
  return rows.map((r) => {
    const errors: string[] = [];
    const bad = usccProblem(r.uscc);
    if (bad) errors.push(bad);
    const known = bad ? undefined : ctx.enterprises.get(r.uscc);
    if (!bad) {
      const again = duplicate(r.uscc, r.line);
      if (again) errors.push(again);
      if (!known) errors.push('平台上没有该统一社会信用代码的企业，请核对（核实数据只写入已在平台建档的企业）');
      else if (r.enterpriseName && r.enterpriseName !== known.name) errors.push(`该信用代码在平台登记的企业名称为“${known.name}”，与表中“${r.enterpriseName}”不一致`);
    }
    if (!r.department) errors.push('缺少数据来源（提供数据的部门），请填写');
    else if (Array.from(r.department).length > 100) errors.push('数据来源不能超过 100 个字');
    const values: CheckedRow['values'] = {};
    for (const code of ATTRIBUTE_CODES) {
      const text = r.cells[code];
      if (text === undefined) continue;
      const parsed = parseCell(code, text);
      if ('error' in parsed) errors.push(parsed.error);
      else values[code] = parsed.value;
    }
    if (!Object.keys(r.cells).length) errors.push('这一行没有任何企业画像数据');

    const profile = known ? ctx.profiles.get(known.id) : undefined;
    const changes: ProfileImportChange[] = [];
    if (!errors.length)
      for (const code of ATTRIBUTE_CODES) {
        if (!(code in values)) continue;
        const now = profile?.attributes[code];
        if (now?.source === 'verified' && now.department === r.department && sameValue(now.value, values[code])) continue;
        changes.push({ attr: code, label: ATTRIBUTES[code].label, before: shown(profile, code), after: formatAttribute(code, values[code]) });
      }
    return {
      line: r.line,
      uscc: r.uscc,
      enterpriseName: known?.name ?? r.enterpriseName,
      department: r.department,
      cells: r.cells,
      changes,
      errors,
      unchanged: !errors.length && !changes.length,
      enterpriseId: known?.id ?? null,
      values,
    };
  });
}
