import { Select } from 'antd';
import { ROLE_KIND_TEXT, type RoleRow } from '#contract/staff.ts';

/**
 * Roles for an account, grouped by kind. Once one is chosen, roles of the other kinds are
 * disabled (三权分立: one kind per account), so the form cannot ask for what the server refuses.
 */
export function RoleSelect({ roles, id, value, onChange }: { roles: RoleRow[]; id?: string; value?: string[]; onChange?: (v: string[]) => void }) {
  const chosenKind = roles.find((r) => value?.includes(r.code))?.kind;
  const kinds = ['system', 'audit', 'business'] as const;
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      placeholder="请选择角色"
      optionFilterProp="label"
      options={kinds.map((kind) => ({
        label: ROLE_KIND_TEXT[kind],
        title: ROLE_KIND_TEXT[kind],
        options: roles.filter((r) => r.kind === kind).map((r) => ({ value: r.code, label: r.name, disabled: !!chosenKind && chosenKind !== kind })),
      }))}
    />
  );
}
