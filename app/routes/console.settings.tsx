import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import type { Route } from './+types/console.settings';
import { siteSettingsSchema, type SiteSettings } from '#contract/site-settings.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { DeadlineSettingsForm } from '#app/features/console/deadline-settings-form.tsx';
import { FreshnessSettingsForm } from '#app/features/console-freshness/freshness-settings-form.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { notify } from '#app/lib/feedback.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { pageMeta } from '#app/lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '站点设置 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, 'system:setting:manage');
  const { setting } = args.context.services;
  const [site, deadlines, freshness] = await Promise.all([setting.site(), setting.deadlines(), setting.freshness()]);
  return { site, deadlines, freshness };
}

const fields = siteSettingsSchema.shape;
const qr = siteSettingsSchema.shape.qrCodes.element.shape;

/** 站点设置: the platform's name, the footer's credits and marks, the two QR codes; then the 办理时限. */
export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const [form] = Form.useForm<SiteSettings>();
  const [busy, setBusy] = useState(false);

  async function save(values: SiteSettings) {
    setBusy(true);
    try {
      const saved = await consoleHttp.post<SiteSettings>('setting/site/save', values, { silent: true });
      form.setFieldsValue(saved);
      notify('success', '站点设置已保存，各页面已更新');
    } catch (err) {
      reportFormError(form, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConsolePage title="站点设置">
      <Form form={form} layout="vertical" initialValues={loaderData.site} onFinish={save} autoComplete="off" style={{ maxWidth: 720 }}>
        <Card title="平台" size="small" className="console-page__card">
          <Form.Item name="platformName" label="平台名称" rules={[zodRule(fields.platformName)]} extra="显示在页头、浏览器标题和首页">
            <Input maxLength={50} />
          </Form.Item>
        </Card>
        <Card title="页脚" size="small" className="console-page__card">
          <Form.Item name="govName" label="主办单位" rules={[zodRule(fields.govName)]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="govUrl" label="主办单位网址" rules={[zodRule(fields.govUrl)]}>
            <Input maxLength={200} placeholder="https://" />
          </Form.Item>
          <Form.Item name="support" label="承办单位（技术支持）" rules={[zodRule(fields.support)]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="builder" label="建设单位" rules={[zodRule(fields.builder)]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="footerText" label="页脚说明" rules={[zodRule(fields.footerText)]} extra="可选，如办公地址和咨询电话；留空则不显示">
            <Input.TextArea maxLength={200} rows={2} showCount />
          </Form.Item>
        </Card>
        <Card title="网站标识" size="small" className="console-page__card">
          <Form.Item name="icp" label="ICP 备案号" rules={[zodRule(fields.icp)]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="psb" label="公安备案号" rules={[zodRule(fields.psb)]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="govCode" label="网站标识码" rules={[zodRule(fields.govCode)]}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="errorReportUrl" label="“我为政府网站找错”平台网址" rules={[zodRule(fields.errorReportUrl)]} extra="页脚“找错”标识指向此网址，并附上网站标识码">
            <Input maxLength={200} placeholder="https://" />
          </Form.Item>
        </Card>
        <Card title="页脚二维码" size="small" className="console-page__card">
          {[0, 1].map((i) => (
            <div key={i} className="console-settings__qr">
              <Form.Item name={['qrCodes', i, 'label']} label={`二维码 ${i + 1} 名称`} rules={[zodRule(qr.label)]}>
                <Input maxLength={20} />
              </Form.Item>
              <Form.Item name={['qrCodes', i, 'url']} label={`二维码 ${i + 1} 指向的网址`} rules={[zodRule(qr.url)]}>
                <Input maxLength={200} placeholder="https://" />
              </Form.Item>
            </div>
          ))}
        </Card>
        <Button type="primary" htmlType="submit" loading={busy}>
          保存设置
        </Button>
      </Form>
      <div style={{ marginTop: 32 }}>
        <DeadlineSettingsForm initial={loaderData.deadlines} />
      </div>
      <div style={{ marginTop: 32 }}>
        <FreshnessSettingsForm initial={loaderData.freshness} />
      </div>
    </ConsolePage>
  );
}
