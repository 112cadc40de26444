import { Button, Card, Form, InputNumber } from 'antd';
import { useState } from 'react';
import { FRESHNESS_LIMITS, FRESHNESS_SETTING_KEYS, FRESHNESS_SETTINGS, freshnessSettingsSchema, type FreshnessSettings } from '#contract/freshness.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { notify } from '#app/lib/feedback.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { zodRule } from '#app/lib/form-rules.ts';

/** 栏目更新期限: the thresholds of 栏目更新监测, which may be tightened below the 普查's limits, never loosened past them. */
export function FreshnessSettingsForm({ initial }: { initial: FreshnessSettings }) {
  const [form] = Form.useForm<FreshnessSettings>();
  const [busy, setBusy] = useState(false);

  async function save(values: FreshnessSettings) {
    setBusy(true);
    try {
      form.setFieldsValue(await consoleHttp.post<FreshnessSettings>('setting/freshness/save', values, { silent: true }));
      notify('success', '栏目更新期限已保存');
    } catch (err) {
      reportFormError(form, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={save} autoComplete="off" style={{ maxWidth: 720 }} aria-label="栏目更新期限">
      <Card title="栏目更新期限（天）" size="small" className="console-page__card">
        <p className="console-muted">栏目超过期限未发布新内容即为“已超期”，剩余不到两成时为“即将超期”，内容编辑与审核人员会收到提醒。期限只能比普查要求更严。</p>
        {FRESHNESS_SETTING_KEYS.map((key) => (
          <Form.Item key={key} name={key} label={FRESHNESS_SETTINGS[key].label} extra={FRESHNESS_SETTINGS[key].help} rules={[zodRule(freshnessSettingsSchema.shape[key])]}>
            <InputNumber min={1} max={FRESHNESS_LIMITS[key]} step={1} suffix="天" style={{ width: 200 }} />
          </Form.Item>
        ))}
      </Card>
      <Button type="primary" htmlType="submit" loading={busy}>
        保存栏目更新期限
      </Button>
    </Form>
  );
}
