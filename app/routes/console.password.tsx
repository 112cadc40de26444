import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import type { Route } from './+types/console.password';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { requireStaff } from '#app/features/console/require-staff.server.ts';
import { notify } from '#app/lib/feedback.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { zodFieldMessage, zodRule } from '#app/lib/form-rules.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { PASSWORD_RULE_TEXT } from '#contract/account.ts';
import { consolePasswordSchema, type ConsolePasswordRequest } from '#contract/staff.ts';
import { useConsoleMe } from './console.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '修改密码 - 管理后台');

export function loader(args: Route.LoaderArgs) {
  requireStaff(args);
  return null;
}

const fields = consolePasswordSchema.shape;

/** 修改密码: the one page open before the first password change (and after a reset). */
export default function ConsolePasswordPage() {
  const me = useConsoleMe();
  const [form] = Form.useForm<ConsolePasswordRequest>();
  const [busy, setBusy] = useState(false);

  async function submit(values: ConsolePasswordRequest) {
    setBusy(true);
    try {
      await consoleHttp.post('auth/password', values, { silent: true });
      notify('success', '密码已修改');
      // A full load: the layout reads the account again (menu opens after a forced change).
      window.location.assign('/console');
    } catch (err) {
      reportFormError(form, err);
      setBusy(false);
    }
  }

  return (
    <ConsolePage title="修改密码">
      {me?.mustChangePassword && (
        <Alert type="warning" showIcon title="首次登录或密码已被重置，请先设置您自己的新密码，完成后才能使用管理后台" style={{ marginBottom: 24, maxWidth: 560 }} />
      )}
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 420 }} autoComplete="off">
        <Form.Item name="oldPassword" label="原密码" rules={[zodRule(fields.oldPassword)]}>
          <Input.Password autoComplete="current-password" maxLength={64} />
        </Form.Item>
        <Form.Item name="newPassword" label="新密码" extra={PASSWORD_RULE_TEXT} rules={[zodRule(fields.newPassword)]}>
          <Input.Password autoComplete="new-password" maxLength={20} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="确认新密码"
          dependencies={['newPassword']}
          rules={[
            zodRule(fields.confirmPassword),
            ({ getFieldsValue }) => ({
              validator: async () => {
                const message = zodFieldMessage(consolePasswordSchema, getFieldsValue(), 'confirmPassword');
                if (message) throw new Error(message);
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={20} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          确认修改
        </Button>
      </Form>
    </ConsolePage>
  );
}
