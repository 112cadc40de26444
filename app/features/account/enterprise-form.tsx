import { Alert } from 'antd';
import { Button, Col, Form, Input, Row, Select } from '#app/components/antd-first-paint.tsx';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { enterpriseProfileUpdateSchema, type AccountProfile, type EnterpriseProfileUpdate } from '#contract/account.ts';
import { RegionCascader } from '#app/components/region/region-cascader.tsx';
import { REGION_CODE_FIELDS, toCascaderValue, type RegionCodeField } from '#app/components/region/region-options.ts';
import { notify } from '#app/lib/feedback.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { http } from '#app/lib/http.ts';

/** The profile as the contract takes it, with the address codes as one Cascader value. */
type Values = Omit<EnterpriseProfileUpdate, RegionCodeField> & { region: string[] };

const fields = enterpriseProfileUpdateSchema.shape;

/**
 * 企业信息: the profile that the declaration and appeal forms prefill from. The USCC is fixed once
 * registered; an account made by single sign-on enters it here for the first time.
 */
export function EnterpriseForm({ enterprise, choices }: Pick<AccountProfile, 'enterprise' | 'choices'>) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();

  async function submit({ region, ...values }: Values) {
    const [provinceCode, cityCode, countyCode] = region;
    setBusy(true);
    try {
      await http.post('admin/user/enterprise', { ...values, provinceCode, cityCode, countyCode: countyCode ?? null }, { silent: true });
      notify('success', '企业信息已保存');
      await revalidator.revalidate();
    } catch (err) {
      reportFormError(form, err, (key) => ((REGION_CODE_FIELDS as readonly string[]).includes(key) ? ['region'] : key in fields ? [key] : null));
    } finally {
      setBusy(false);
    }
  }

  const initial = enterprise
    ? {
        name: enterprise.name,
        uscc: enterprise.uscc,
        legalPerson: enterprise.legalPerson ?? '',
        industry: enterprise.industry ?? undefined,
        scale: enterprise.scale ?? undefined,
        region: toCascaderValue(enterprise),
        address: enterprise.address ?? '',
        contactName: enterprise.contactName ?? '',
        contactPhone: enterprise.contactPhone ?? '',
      }
    : { region: [] };

  return (
    <>
      {!enterprise && (
        <Alert
          className="account-alert"
          type="warning"
          showIcon
          title="请先完善企业信息"
          description="填写企业名称和统一社会信用代码后，即可在线提交诉求和项目申报；已在本平台登记的企业，填写相同的代码即可加入。"
        />
      )}
      <Form form={form} layout="vertical" onFinish={submit} initialValues={initial} className="account-form account-form--wide">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label="企业名称" rules={[zodRule(fields.name)]}>
              <Input placeholder="与营业执照一致的企业全称" maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="uscc"
              label="统一社会信用代码"
              rules={[zodRule(fields.uscc)]}
              normalize={(v: string) => v?.toUpperCase()}
              extra={enterprise ? '登记后不可修改，如有误请联系平台管理员' : undefined}
            >
              <Input placeholder="18 位统一社会信用代码" maxLength={18} disabled={!!enterprise} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="legalPerson" label="法定代表人" rules={[zodRule(fields.legalPerson)]}>
              <Input placeholder="法定代表人姓名" maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="industry" label="所属行业" rules={[zodRule(fields.industry)]}>
              <Select placeholder="请选择" options={choices.industry.map((o) => ({ label: o.text, value: o.id }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="scale" label="企业规模" rules={[zodRule(fields.scale)]}>
              <Select placeholder="请选择" options={choices.scale.map((o) => ({ label: o.text, value: o.id }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="region"
              label="所在地区"
              required
              rules={[
                {
                  validator: async (_r, v: string[] | undefined) => {
                    if ((v?.length ?? 0) < 2) throw new Error('请按省、市、区县依次选择所在地区');
                  },
                },
              ]}
            >
              <RegionCascader initialOptions={choices.regions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="address" label="详细地址" rules={[zodRule(fields.address)]}>
              <Input placeholder="街道、门牌号、楼层房间号" maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contactName" label="联系人" rules={[zodRule(fields.contactName)]}>
              <Input placeholder="联系人姓名" maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contactPhone" label="联系电话" rules={[zodRule(fields.contactPhone)]}>
              <Input placeholder="手机号或固定电话，如 021-58681234" maxLength={20} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={busy}>
          保存企业信息
        </Button>
      </Form>
    </>
  );
}
