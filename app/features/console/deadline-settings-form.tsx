import { Button, Card, Form, InputNumber } from 'antd';
import { useState } from 'react';
import { DEADLINE_SETTING_KEYS, DEADLINE_SETTINGS, deadlineSettingsSchema, MAX_DEADLINE_DAYS, MIN_DEADLINE_DAYS, type DeadlineSettings } from '#contract/deadline-settings.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { notify } from '#app/lib/feedback.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { zodRule } from '#app/lib/form-rules.ts';

/**
 * 办理时限: the working days of the declaration and 公示 steps (docs/console.md "Declaration review", "公示"), whole days
 * from 1 to 30. A change applies to what is submitted, returned or published afterwards.
 */
export function DeadlineSettingsForm({ initial }: { initial: DeadlineSettings }) {
  const [form] = Form.useForm<DeadlineSettings>();
  const [busy, setBusy] = useState(false);

  async function save(values: DeadlineSettings) {
    setBusy(true);
    try {
      const saved = await consoleHttp.post<DeadlineSettings>('setting/deadlines/save', values, { silent: true });
      form.setFieldsValue(saved);
      notify('success', '办理时限已保存，此后的事项按新时限计算');
    } catch (err) {
      reportFormError(form, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={save} autoComplete="off" style={{ maxWidth: 720 }} aria-label="办理时限">
      <Card title="办理时限（工作日，不含法定节假日）" size="small" className="console-page__card">
        <p className="console-muted">修改后，此后提交、退回或发布的事项按新时限计算；已经开始计算的期限不变。</p>
        {DEADLINE_SETTING_KEYS.map((key) => (
          <Form.Item key={key} name={key} label={DEADLINE_SETTINGS[key].label} extra={DEADLINE_SETTINGS[key].help} rules={[zodRule(deadlineSettingsSchema.shape[key])]}>
            <InputNumber min={MIN_DEADLINE_DAYS} max={MAX_DEADLINE_DAYS} step={1} suffix="个工作日" style={{ width: 200 }} />
          </Form.Item>
        ))}
      </Card>
      <Button type="primary" htmlType="submit" loading={busy}>
        保存办理时限
      </Button>
    </Form>
  );
}
