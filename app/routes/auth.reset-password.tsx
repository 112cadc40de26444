import { Alert, Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import type { Route } from './+types/auth.reset-password';
import { forgotPasswordSchema, type ForgotPasswordRequest } from '#contract/account.ts';
import { AntdProvider } from '#app/components/antd-provider.tsx';
import { antdLinks } from '#app/components/antd-styles.ts';
import { accountApi } from '#app/features/account/account-api.ts';
import { NewPasswordFields } from '#app/features/account/new-password-fields.tsx';
import { SmsVerificationFields } from '#app/features/account/sms-verification-fields.tsx';
import { useSmsAccountForm } from '#app/features/account/use-sms-account-form.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { pageMeta } from '#app/lib/meta.ts';

export const links: Route.LinksFunction = () => antdLinks();

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '找回密码');

/** The contract's request, with the image captcha (for the SMS code) and the password typed twice. */
type Values = ForgotPasswordRequest & { code: string; confirmPassword: string };

const fields = forgotPasswordSchema.shape;

/** 找回密码: an SMS code to the registered phone, a new password; every session of the account ends. */
export default function ResetPasswordPage() {
  const [form] = Form.useForm<Values>();
  const { error, setError, busy, submit, authHref } = useSmsAccountForm(form, ({ phone, smsCode, password }) => accountApi.resetPassword({ phone, smsCode, password }), '密码已重置，请使用新密码登录');

  return (
    <AntdProvider>
      <h2 className="auth-form__title">找回密码</h2>
      <p className="auth-form__subtitle">通过注册手机号接收验证码，设置新密码后，所有设备上的登录都将退出</p>
      {error && <Alert className="auth-form__alert" type="error" showIcon title={error} role="alert" />}
      <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit}>
        <Form.Item name="phone" label="手机号" rules={[zodRule(fields.phone)]}>
          <Input placeholder="手机号" autoComplete="tel" inputMode="numeric" maxLength={11} />
        </Form.Item>
        <SmsVerificationFields scene="reset" onError={setError} />
        <NewPasswordFields name="password" schema={fields.password} what="新密码" />
        <Button type="primary" htmlType="submit" block loading={busy}>
          重置密码
        </Button>
      </Form>
      <div className="auth-form__links">
        <Link to={authHref('/auth/login')}>返回登录</Link>
        <Link to={authHref('/auth/register')}>注册新账号</Link>
      </div>
    </AntdProvider>
  );
}
