import { Cascader } from '#app/components/antd-first-paint.tsx';
import { useState } from 'react';
import type { Region } from '#contract/region.ts';
import { http } from '#app/lib/http.ts';
import { toOptions, type RegionOption } from './region-options.ts';

export interface RegionCascaderProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  initialOptions: RegionOption[];
  /** The names of the chosen path, for showing it back (check-your-answers). */
  onLabels?: (labels: string[]) => void;
}

/** Province → city → county over uaa/api/states/*, one level at a time. */
export function RegionCascader({ id, value, onChange, initialOptions, onLabels }: RegionCascaderProps) {
  const [options, setOptions] = useState<RegionOption[]>(initialOptions);

  async function loadData(selected: RegionOption[]) {
    const target = selected[selected.length - 1];
    const url = selected.length === 1 ? `uaa/api/states/provinces/${target.value}/cities` : `uaa/api/states/provinces/cities/${target.value}/counties`;
    const list = await http.get<Region[]>(url).catch(() => null);
    if (!list) return;
    if (list.length) target.children = toOptions(list, selected.length === 1 ? 'city' : 'county');
    else target.isLeaf = true;
    setOptions((prev) => [...prev]);
  }

  return (
    <Cascader
      id={id}
      options={options}
      value={value}
      loadData={(s) => void loadData(s as RegionOption[])}
      onChange={(v, selected) => {
        onChange?.((v ?? []) as string[]);
        onLabels?.(((selected ?? []) as RegionOption[]).map((o) => o.label));
      }}
      placeholder="请选择省 / 市 / 区县"
      showSearch={false}
      changeOnSelect={false}
      style={{ width: '100%' }}
    />
  );
}
