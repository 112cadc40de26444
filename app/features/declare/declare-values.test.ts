import { describe, expect, it } from 'vitest';
import type { DeclareDetail } from '#contract/declare-ent.ts';
import { formFieldOf, missingMaterials, toDeclarePayload, valuesFromDetail, valuesFromProfile } from './declare-values.ts';
import { labelsOf, openBranch } from '../../components/region/region-options.ts';

const materials = [
  { id: 7, name: '营业执照', required: true, templateType: null },
  { id: 9, name: '承诺书', required: false, templateType: 'commitment' as const },
];

describe('declaration form values', () => {
  it('prefills from the enterprise profile, the address as a Cascader path', () => {
    const v = valuesFromProfile({
      enterpriseName: '示范科技（上海）有限公司',
      uscc: '91310115MA1H7GXX0X',
      legalPerson: '王建国',
      contactName: '李敏',
      contactPhone: '13800138000',
      provinceCode: '310000',
      cityCode: '310100',
      countyCode: '310115',
      address: '张江路 88 号',
    });
    expect(v.region).toEqual(['310000', '310100', '310115']);
    expect(v.legalPerson).toBe('王建国');
    expect(valuesFromProfile(null)).toEqual({ files: {} });
  });

  it('turns the form into the add/edit body: trimmed, empties as null, files per material', () => {
    const body = toDeclarePayload(
      { enterpriseName: ' 示范科技 ', address: '', region: ['440000', '441900'], amountApplied: 12.5, files: { '7': [{ name: '执照.pdf', path: 'k1' }] } },
      3,
      materials,
      true,
      41,
    );
    expect(body).toMatchObject({
      id: 41,
      projectId: 3,
      enterpriseName: '示范科技',
      address: null,
      provinceCode: '440000',
      cityCode: '441900',
      countyCode: null,
      amountApplied: 12.5,
      submit: true,
      materials: [
        { materialId: 7, files: [{ name: '执照.pdf', path: 'k1' }] },
        { materialId: 9, files: [] },
      ],
    });
    expect('id' in toDeclarePayload({}, 3, materials, false)).toBe(false);
  });

  it('reads a saved declaration back, files keyed by material', () => {
    const detail = {
      enterpriseName: 'A',
      uscc: null,
      legalPerson: null,
      contactName: null,
      contactPhone: null,
      provinceCode: '310000',
      cityCode: '310100',
      countyCode: null,
      address: null,
      content: '说明',
      amountApplied: null,
      materials: [{ materialId: 7, name: '营业执照', required: true, templateType: null, files: [{ name: 'a.pdf', path: 'p' }] }],
    } as unknown as DeclareDetail;
    const v = valuesFromDetail(detail);
    expect(v.region).toEqual(['310000', '310100']);
    expect(v.files).toEqual({ '7': [{ name: 'a.pdf', path: 'p' }] });
    expect(v.uscc).toBeUndefined();
  });

  it('lists required materials without a file', () => {
    expect(missingMaterials(materials, {}).map((m) => m.id)).toEqual([7]);
    expect(missingMaterials(materials, { '7': [{ name: 'a', path: 'b' }] })).toEqual([]);
  });

  it('maps server field keys onto the form', () => {
    expect(formFieldOf('countyCode', materials)).toEqual(['region']);
    expect(formFieldOf('materials.9', materials)).toEqual(['files', '9']);
    expect(formFieldOf('materials.0.files.0.path', materials)).toEqual(['files', '7']);
    expect(formFieldOf('materials.99', materials)).toBeNull();
    expect(formFieldOf('contactPhone', materials)).toEqual(['contactPhone']);
    expect(formFieldOf('projectId', materials)).toBeNull();
  });
});

describe('region options', () => {
  const provinces = [
    { id: '310000', name: '上海市' },
    { id: '440000', name: '广东省' },
  ];
  it('opens the branch of a saved address so that names show at once', () => {
    const opts = openBranch(provinces, { provinceCode: '440000', cityCode: '441900' }, [{ id: '441900', name: '东莞市' }], []);
    expect(opts[0].children).toBeUndefined();
    expect(opts[1].children?.[0]).toEqual({ value: '441900', label: '东莞市', isLeaf: true });
    expect(labelsOf(opts, ['440000', '441900'])).toEqual(['广东省', '东莞市']);
    expect(labelsOf(opts, ['999999'])).toEqual([]);
  });
});
