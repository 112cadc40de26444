import { Alert, Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import type { Route } from './+types/auth.register';
import { registrySchema, type RegistryRequest } from '#contract/account.ts';
import { AntdProvider } from '#app/components/antd-provider.tsx';
import { antdLinks } from '#app/components/antd-styles.ts';
import { accountApi } from '#app/features/account/account-api.ts';
import { NewPasswordFields } from '#app/features/account/new-password-fields.tsx';
import { SmsVerificationFields } from '#app/features/account/sms-verification-fields.tsx';
import { useSmsAccountForm } from '#app/features/account/use-sms-account-form.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { pageMeta } from '#app/lib/meta.ts';

export const links: Route.LinksFunction = () => antdLinks();

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '注册');

/** The contract's request, with the image captcha (for the SMS code) and the password typed twice. */
type Values = RegistryRequest & { code: string; confirmPassword: string };

const fields = registrySchema.shape;

/** 企业用户注册 (docs/product.md §5): phone with SMS code, password, the enterprise's name and USCC, contact. */
export default function RegisterPage() {
  const [form] = Form.useForm<Values>();
  const { error, setError, busy, submit, authHref } = useSmsAccountForm(form, ({ code: _captcha, confirmPassword: _confirm, ...values }) => accountApi.register(values), '注册成功，请登录');

  return (
    <AntdProvider>
      <h2 className="auth-form__title">企业用户注册</h2>
      <p className="auth-form__subtitle">同一企业的多名员工可分别注册，按统一社会信用代码归入同一企业</p>
      {error && <Alert className="auth-form__alert" type="error" showIcon title={error} role="alert" />}
      <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit}>
        <Form.Item name="phone" label="手机号" rules={[zodRule(fields.phone)]} extra="手机号即登录账号；已注册的手机号不会再收到注册验证码">
          <Input placeholder="手机号" autoComplete="tel" inputMode="numeric" maxLength={11} />
        </Form.Item>
        <SmsVerificationFields scene="register" onError={setError} />
        <NewPasswordFields name="password" schema={fields.password} what="密码" />
        <Form.Item name="enterpriseName" label="企业名称" rules={[zodRule(fields.enterpriseName)]}>
          <Input placeholder="与营业执照一致的企业全称" maxLength={100} />
        </Form.Item>
        <Form.Item name="uscc" label="统一社会信用代码" rules={[zodRule(fields.uscc)]} normalize={(v: string) => v?.toUpperCase()}>
          <Input placeholder="18 位统一社会信用代码" maxLength={18} />
        </Form.Item>
        <Form.Item name="contactName" label="联系人姓名" rules={[zodRule(fields.contactName)]}>
          <Input placeholder="联系人姓名" autoComplete="name" maxLength={50} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          注册
        </Button>
      </Form>
      <div className="auth-form__links">
        <span />
        <span>
          已有账号？<Link to={authHref('/auth/login')}>去登录</Link>
        </span>
      </div>
    </AntdProvider>
  );
}
