import type { DeclareDetail, DeclareFormInput, PreEnInfo } from '#contract/declare-ent.ts';
import type { Material } from '#contract/declare-project.ts';
import type { FileRef } from '#contract/envelope.ts';
import { trimDeep } from '#contract/format.ts';
import { fromCascaderValue, REGION_CODE_FIELDS, toCascaderValue, type RegionCodeField } from '../../components/region/region-options.ts';

/**
 * The declaration form as antd holds it: the contract's fields, with the address as one Cascader
 * value and the files by material id.
 */
export type DeclareValues = Partial<Omit<DeclareFormInput, RegionCodeField | 'projectId' | 'materials' | 'submit'>> & {
  region?: string[];
  files?: Record<string, FileRef[]>;
};

export const DECLARE_FIELDS = [
  'enterpriseName',
  'uscc',
  'legalPerson',
  'contactName',
  'contactPhone',
  'region',
  'address',
  'content',
  'amountApplied',
  'files',
] as const satisfies readonly (keyof DeclareValues)[];

const str = (v: string | null | undefined) => v ?? undefined;

/** A new declaration starts from the enterprise profile (pre-en-info). */
export function valuesFromProfile(p: PreEnInfo | null): DeclareValues {
  if (!p) return { files: {} };
  return {
    enterpriseName: p.enterpriseName,
    uscc: p.uscc,
    legalPerson: str(p.legalPerson),
    contactName: str(p.contactName),
    contactPhone: str(p.contactPhone),
    region: toCascaderValue(p),
    address: str(p.address),
    files: {},
  };
}

/** A saved declaration (draft or returned) back into the form. */
export function valuesFromDetail(d: DeclareDetail): DeclareValues {
  return {
    enterpriseName: str(d.enterpriseName),
    uscc: str(d.uscc),
    legalPerson: str(d.legalPerson),
    contactName: str(d.contactName),
    contactPhone: str(d.contactPhone),
    region: toCascaderValue(d),
    address: str(d.address),
    content: str(d.content),
    amountApplied: d.amountApplied,
    files: Object.fromEntries(d.materials.map((m) => [String(m.materialId), m.files])),
  };
}

/** The body of declare-ent/add and /edit (docs/api.md). */
export function toDeclarePayload(values: DeclareValues, projectId: number, materials: readonly Pick<Material, 'id'>[], submit: boolean, id?: number) {
  const body = trimDeep({
    ...(id === undefined ? {} : { id }),
    projectId,
    enterpriseName: values.enterpriseName ?? null,
    uscc: values.uscc ?? null,
    legalPerson: values.legalPerson ?? null,
    contactName: values.contactName ?? null,
    contactPhone: values.contactPhone ?? null,
    ...fromCascaderValue(values.region),
    address: values.address ?? null,
    content: values.content ?? null,
    amountApplied: values.amountApplied ?? null,
    materials: materials.map((m) => ({ materialId: m.id, files: values.files?.[String(m.id)] ?? [] })),
    submit,
  });
  // Empty strings mean "not given" to the API.
  for (const [k, v] of Object.entries(body)) if (v === '') (body as Record<string, unknown>)[k] = null;
  return body;
}

/** Required materials without a file: the check-your-answers step lists them, submit refuses them. */
export function missingMaterials<M extends Pick<Material, 'id' | 'required'>>(materials: readonly M[], files: DeclareValues['files']): M[] {
  return materials.filter((m) => m.required && !files?.[String(m.id)]?.length);
}

/**
 * A server field key of the declaration call → the form's field. The address codes are one
 * Cascader. The service names a missing material `materials.<materialId>`; the request schema
 * names a bad file `materials.<index>.files...`.
 */
export function formFieldOf(key: string, materials: readonly Pick<Material, 'id'>[]): string[] | null {
  const parts = key.split('.');
  const head = parts[0];
  if ((REGION_CODE_FIELDS as readonly string[]).includes(head)) return ['region'];
  if (head === 'materials') {
    if (parts[1] === undefined) return null;
    const n = Number(parts[1]);
    const m = parts.length === 2 ? materials.find((x) => x.id === n) : materials[n];
    return m ? ['files', String(m.id)] : null;
  }
  return (DECLARE_FIELDS as readonly string[]).includes(head) ? [head] : null;
}
