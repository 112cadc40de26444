import { Alert } from 'antd';
import { Button, Form, PasswordInput } from '#app/components/antd-first-paint.tsx';
import { useState } from 'react';
import { SmartLink } from '#app/components/smart-link.tsx';
import { changePasswordSchema, type ChangePasswordRequest } from '#contract/account.ts';
import { notify } from '#app/lib/feedback.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { http } from '#app/lib/http.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

type Values = ChangePasswordRequest;

const fields = changePasswordSchema.shape;

/** 修改密码: old, new (the rule shown as it is typed), confirmation; other devices are signed out. */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  if (!hasPassword) {
    return (
      <Alert
        type="info"
        showIcon
        title="您的账号通过统一身份认证登录，尚未设置密码"
        description={
          <>
            如需使用手机号和密码登录，请通过 <SmartLink to="/auth/reset-password">找回密码</SmartLink> 以短信验证码设置密码。
          </>
        }
      />
    );
  }

  async function submit(values: Values) {
    setBusy(true);
    try {
      await http.post('admin/user/password', values, { silent: true });
      notify('success', '密码已修改，其他设备上的登录已退出');
      form.resetFields();
    } catch (err) {
      reportFormError(form, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form form={form} layout="vertical" onFinish={submit} className="account-form">
      <Form.Item name="oldPassword" label="原密码" rules={[zodRule(fields.oldPassword)]}>
        <PasswordInput placeholder="原密码" autoComplete="current-password" maxLength={20} />
      </Form.Item>
      <NewPasswordFields name="newPassword" schema={fields.newPassword} what="新密码" />
      <Button type="primary" htmlType="submit" loading={busy}>
        修改密码
      </Button>
    </Form>
  );
}
