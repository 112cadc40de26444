import { Form, Input, InputNumber, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { projectInputFields } from '#contract/project-fields.ts';
import type { DictOption } from '#contract/dict.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { RulesEditor } from './rules-editor.tsx';

const fields = projectInputFields;

/**
 * The fields a 申报项目 and a 免申即享 project share, inside the page's antd Form: name, category
 * (declare_category), department, linked policy, amounts in 万元, conditions, and the content through
 * the editor the page passes (the console's rich-text editor).
 */
export function ProjectFields({ categories, contentEditor, children }: { categories: DictOption[]; contentEditor: ReactNode; children?: ReactNode }) {
  return (
    <>
      <Form.Item name="name" label="项目名称" rules={[zodRule(fields.name)]}>
        <Input maxLength={200} />
      </Form.Item>
      <Space size="large" wrap align="start">
        <Form.Item name="category" label="项目类别" rules={[zodRule(fields.category)]}>
          <Select style={{ width: 200 }} placeholder="请选择" options={categories.map((c) => ({ value: c.id, label: c.text }))} />
        </Form.Item>
        <Form.Item name="department" label="主管部门" rules={[zodRule(fields.department)]}>
          <Input maxLength={100} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="policyId" label="关联政策编号" rules={[zodRule(fields.policyId)]} extra="重点政策的编号，可不填">
          <InputNumber min={1} style={{ width: 140 }} />
        </Form.Item>
      </Space>
      <Space size="large" wrap align="start">
        <Form.Item name="amountMin" label="最低金额（万元）" rules={[zodRule(fields.amountMin)]}>
          <InputNumber min={0} step={1} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="amountMax" label="最高金额（万元）" rules={[zodRule(fields.amountMax)]} extra="都不填时门户显示“根据实际情况给予资金扶持”">
          <InputNumber min={0} step={1} style={{ width: 160 }} />
        </Form.Item>
      </Space>
      {children}
      <Form.Item name="conditions" label="申报条件" rules={[zodRule(fields.conditions)]}>
        <Input.TextArea rows={3} maxLength={5000} showCount />
      </Form.Item>
      <Form.Item name="rules" label="匹配条件（政策找人）" extra="企业画像中可以核对的条件；设置后，企业在用户中心、项目页面和政策计算器中可以逐条看到自己是否符合。上面的申报条件原样公开，不受影响。">
        <RulesEditor />
      </Form.Item>
      <Form.Item name="content" label="项目说明" rules={[zodRule(fields.content)]} required>
        {contentEditor}
      </Form.Item>
    </>
  );
}

/** A project's amounts as a list shows them. */
export function amountText(p: { amountMin: number | null; amountMax: number | null }): string {
  if (p.amountMin === null && p.amountMax === null) return '据实核定';
  if (p.amountMin === p.amountMax) return `${p.amountMax} 万元`;
  return `${p.amountMin ?? 0}–${p.amountMax ?? '不限'} 万元`;
}
