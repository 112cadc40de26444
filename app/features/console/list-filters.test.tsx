import { describe, expect, it, vi } from 'vitest';
import { renderAt, renderBothWays } from '#tests/helpers/hydration.tsx';
import { Form, Input, Select } from '#app/components/antd-first-paint.tsx';
import { ListFilters } from './list-filters.tsx';

// A list's filter bar with first-paint fields is drawn from plain elements until the page hydrates,
// then antd's form takes over: the two must write the same markup, or the bar would jump under the
// user's eyes. Each case renders the 诉求工单 bar both ways, empty and filled in.
vi.mock('#app/lib/use-hydrated.ts', () => import('#tests/helpers/hydration-mock.ts'));

interface Values {
  keyword?: string;
  status?: string;
  departmentId?: number;
}

const STATUSES = [
  { value: 'pending', label: '待受理' },
  { value: 'processing', label: '办理中' },
];
const DEPARTMENTS = [
  { value: 5, label: '企业服务科' },
  { value: 6, label: '海关监管协调科' },
];

function Bar({ values }: { values: Values }) {
  return (
    <ListFilters values={values} onSearch={() => {}} firstPaint>
      <Form.Item name="keyword">
        <Input placeholder="标题或企业名称" allowClear style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="status">
        <Select aria-label="状态" placeholder="状态" allowClear style={{ width: 120 }} options={STATUSES} />
      </Form.Item>
      <Form.Item name="departmentId">
        <Select aria-label="承办部门" placeholder="承办部门" allowClear style={{ width: 160 }} options={DEPARTMENTS} />
      </Form.Item>
    </ListFilters>
  );
}

describe('a console filter bar before hydration', () => {
  it("writes antd's markup for the inline form, empty and filled in", () => {
    for (const values of [{}, { keyword: '仓库' }, { status: 'processing', departmentId: 6 }, { keyword: '扩容', status: 'pending', departmentId: 5 }]) {
      const [drawn, antd] = renderBothWays(() => <Bar values={values} />);
      expect(drawn).toBe(antd);
      expect(drawn).toContain('ant-form-inline');
      expect(drawn).toContain('查询');
    }
    expect(renderAt(false, <Bar values={{ keyword: '仓库', departmentId: 6 }} />)).toContain('海关监管协调科');
  });
});
