import { Button, Checkbox, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import {
  ATTRIBUTE_CODES,
  ATTRIBUTE_SOURCES,
  attributeFieldLabel,
  ATTRIBUTES,
  formatAttribute,
  INDUSTRIES,
  profileSaveSchema,
  QUALIFICATIONS,
  SCALES,
  type AttributeCode,
  type OwnProfile,
  type Profile,
} from '#contract/enterprise-profile.ts';
import { formatDate } from '#contract/format.ts';
import { notify } from '#app/lib/feedback.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { http } from '#app/lib/http.ts';

const fields = profileSaveSchema.shape;
type Values = Record<AttributeCode, unknown> & { pushSms: boolean };

const options = (o: Record<string, string>, withCode = false) => Object.entries(o).map(([value, label]) => ({ value, label: withCode ? `${value} ${label}` : label }));

/** Under a field: where its value came from, and the verified value when it is not what was declared. */
function SourceNote({ code, profile }: { code: AttributeCode; profile: Profile }) {
  const a = profile.attributes[code];
  if (!a) return <span className="ent-muted">未填写</span>;
  if (a.source === 'self') return <span className="ent-muted">{ATTRIBUTE_SOURCES.self}</span>;
  return (
    <span>
      {ATTRIBUTE_SOURCES.verified}：{a.department ?? '主管部门'}于 {formatDate(a.updatedAt)} 核实为“{formatAttribute(code, a.value)}”，匹配以核实值为准
      {a.selfValue !== undefined && `（您填报的是“${formatAttribute(code, a.selfValue)}”）`}
    </span>
  );
}

/**
 * 企业画像 (/user/profile): what the enterprise declares about itself, field by field with its
 * source. What staff verified shows beside the field and wins in matching.
 */
export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();

  // The form shows the enterprise's own answers: a verified value is not copied into them.
  const initial: Record<string, unknown> = Object.fromEntries(
    ATTRIBUTE_CODES.map((code) => {
      const a = profile.attributes[code];
      const own = a?.source === 'self' ? a.value : a?.selfValue;
      return [code, own ?? (code === 'qualifications' ? [] : undefined)];
    }),
  );
  initial.pushSms = profile.pushSms;

  async function submit(values: Values) {
    // Every field of the form is an answer: a blank one clears what was declared before.
    const body = {
      ...Object.fromEntries(ATTRIBUTE_CODES.map((code) => [code, values[code] === undefined || values[code] === '' ? (code === 'qualifications' ? [] : null) : values[code]])),
      pushSms: values.pushSms === true,
    };
    setBusy(true);
    try {
      await http.post('api/enterprise/profile', body, { silent: true });
      notify('success', '企业画像已保存，匹配结果已更新');
      await revalidator.revalidate();
    } catch (err) {
      reportFormError(form, err);
    } finally {
      setBusy(false);
    }
  }

  const item = (code: AttributeCode, control: React.ReactNode) => (
    <Form.Item name={code} label={attributeFieldLabel(code)} rules={[zodRule(fields[code])]} extra={<SourceNote code={code} profile={profile} />}>
      {control}
    </Form.Item>
  );
  // No max on the control: a figure out of range is said in the schema's words rather than silently clamped.
  const figure = (code: 'employees' | 'revenue' | 'rdRatio' | 'importExport') =>
    item(code, <InputNumber min={0} precision={ATTRIBUTES[code].type === 'integer' ? 0 : undefined} style={{ width: '100%' }} placeholder="请输入数字" />);

  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={initial} className="account-form account-form--wide">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {item('industry', <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="按国民经济行业分类（GB/T 4754）门类选择" options={options(INDUSTRIES, true)} />)}
        </Col>
        <Col xs={24} md={12}>
          {item('scale', <Select allowClear placeholder="按统计上大中小微型企业划分办法" options={options(SCALES)} />)}
        </Col>
        <Col xs={24} md={12}>
          {item('foundedOn', <Input type="date" max="9999-12-31" />)}
        </Col>
        <Col xs={24} md={12}>
          {figure('employees')}
        </Col>
        <Col xs={24} md={12}>
          {figure('revenue')}
        </Col>
        <Col xs={24} md={12}>
          {figure('rdRatio')}
        </Col>
        <Col xs={24} md={12}>
          {figure('importExport')}
        </Col>
        <Col xs={24}>{item('qualifications', <Checkbox.Group options={options(QUALIFICATIONS)} />)}</Col>
      </Row>
      <p className="ent-muted">资质一项，不具备的请不要勾选；其余各项不清楚的可以留空，相关项目会显示为“待补充信息”。</p>
      <Form.Item
        name="pushSms"
        label="接收政策推送短信"
        valuePropName="checked"
        rules={[zodRule(fields.pushSms)]}
        extra={
          profile.pushSms
            ? `已开启：平台告知贵企业符合某个项目的条件时，会另发一条短信到 ${profile.pushSmsPhone ?? '开启时登录账号的手机号'}。`
            : '开启后，平台告知贵企业符合某个项目的条件时，会另发一条短信到您登录账号的手机号；每个项目至多一条。'
        }
      >
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        保存企业画像
      </Button>
    </Form>
  );
}
