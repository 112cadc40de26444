import { CareModeSwitch } from '#app/components/care-mode-switch.tsx';
import { SkipLink } from '#app/components/skip-link.tsx';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { redirect, useSearchParams } from 'react-router';
import type { Route } from './+types/console.login';
import { AntdProvider } from '#app/components/antd-provider.tsx';
import { antdLinks } from '#app/components/antd-styles.ts';
import { useCaptcha } from '#app/features/account/captcha.tsx';
import { consoleHttp, PASSWORD_PATH } from '#app/features/console/console-http.ts';
import consoleStyles from '#app/features/console/console.css?url';
import { reportFormError } from '#app/lib/form-errors.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { safeRedirect } from '#contract/redirect.ts';
import { consoleLoginSchema, consoleVerifySchema, type ConsoleLoginReply, type ConsoleMe } from '#contract/staff.ts';

export const links: Route.LinksFunction = () => [...antdLinks(), { rel: 'stylesheet', href: consoleStyles }];
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '管理后台登录');

/** Only a console path is a place to come back to. */
const targetOf = (raw: string | null) => {
  const target = safeRedirect(raw, '/console');
  return target.startsWith('/console') && !target.startsWith('/console/login') ? target : '/console';
};

/** Someone already signed in goes on (or to the password change they still owe). */
export function loader({ url, context }: Route.LoaderArgs) {
  if (context.staff) throw redirect(context.staffMustChangePassword ? PASSWORD_PATH : targetOf(url.searchParams.get('redirect_uri')));
  return null;
}

interface PasswordStep {
  loginName: string;
  password: string;
  code: string;
}

/**
 * 管理后台登录 (docs/console.md "Identity"): account, password and image captcha; then the SMS code
 * sent to the staff phone. Honours redirect_uri within the console.
 */
export default function ConsoleLoginPage() {
  const [params] = useSearchParams();
  const target = targetOf(params.get('redirect_uri'));
  const captcha = useCaptcha();
  const [ticket, setTicket] = useState<ConsoleLoginReply | null>(null);
  const [busy, setBusy] = useState(false);
  const [first] = Form.useForm<PasswordStep>();
  const [second] = Form.useForm<{ smsCode: string }>();

  async function submitPassword(values: PasswordStep) {
    setBusy(true);
    try {
      setTicket(await consoleHttp.post<ConsoleLoginReply>('auth/login', { ...values, uuid: captcha.uuid ?? '' }, { silent: true, noRefresh: true }));
    } catch (err) {
      reportFormError(first, err);
      captcha.refresh();
      first.setFieldValue('code', '');
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(values: { smsCode: string }) {
    setBusy(true);
    try {
      await consoleHttp.post('auth/verify', { ticket: ticket!.ticket, smsCode: values.smsCode }, { silent: true, noRefresh: true });
      const me = await consoleHttp.get<ConsoleMe>('auth/me', undefined, { silent: true, noRefresh: true });
      // A full load: the layout and every loader run again as the signed-in staff member.
      window.location.replace(me.mustChangePassword ? PASSWORD_PATH : target);
    } catch (err) {
      // Not busy any more even when the error is a bug that reportFormError sends on up.
      setBusy(false);
      reportFormError(second, err, (key) => (key === 'smsCode' ? ['smsCode'] : null));
    }
  }

  function restart() {
    setTicket(null);
    second.resetFields();
    captcha.refresh();
    first.setFieldsValue({ password: '', code: '' });
  }

  return (
    <AntdProvider>
      <SkipLink />
      <main id="main" className="console-login">
        <section className="console-login__card">
          <CareModeSwitch className="care-switch care-switch--light console-login__care" />
          <h1>管理后台</h1>
          <p>{ticket ? '第二步：输入短信验证码' : '工作人员登录 · 第一步：账号与密码'}</p>
          {params.get('reason') === 'idle' && !ticket && <Alert type="warning" showIcon title="长时间未操作，已自动退出，请重新登录" style={{ marginBottom: 16 }} />}
          {!ticket ? (
            <Form key="password" form={first} layout="vertical" requiredMark={false} onFinish={submitPassword} autoComplete="off">
              <Form.Item name="loginName" label="账号" rules={[zodRule(consoleLoginSchema.shape.loginName)]}>
                <Input prefix={<UserOutlined />} placeholder="登录账号" autoComplete="username" maxLength={32} />
              </Form.Item>
              <Form.Item name="password" label="密码" rules={[zodRule(consoleLoginSchema.shape.password)]}>
                <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" maxLength={64} />
              </Form.Item>
              <Form.Item label="图形验证码" required>
                <div className="console-login__captcha">
                  <Form.Item name="code" noStyle rules={[zodRule(consoleLoginSchema.shape.code)]}>
                    <Input prefix={<SafetyOutlined />} placeholder="图形验证码" maxLength={6} />
                  </Form.Item>
                  <button type="button" onClick={captcha.refresh} title="看不清？点击换一张" aria-label="图形验证码图片，点击换一张" style={{ padding: 0, border: 0, background: 'none' }}>
                    {captcha.uuid ? <img src={`/fykj/captcha?uuid=${captcha.uuid}`} alt="图形验证码" width={100} height={32} /> : '正在加载'}
                  </button>
                </div>
              </Form.Item>
              <Button type="primary" htmlType="submit" block size="large" loading={busy}>
                下一步
              </Button>
            </Form>
          ) : (
            <Form key="sms" form={second} layout="vertical" requiredMark={false} onFinish={submitCode} autoComplete="off">
              <Alert type="info" showIcon title={`验证码已发送至 ${ticket.phone}，5 分钟内有效`} style={{ marginBottom: 16 }} />
              <Form.Item name="smsCode" label="短信验证码" rules={[zodRule(consoleVerifySchema.shape.smsCode)]}>
                <Input prefix={<MobileOutlined />} placeholder="6 位数字" inputMode="numeric" maxLength={6} autoFocus />
              </Form.Item>
              <Button type="primary" htmlType="submit" block size="large" loading={busy}>
                登录
              </Button>
              <Button type="link" block onClick={restart} style={{ marginTop: 8 }}>
                没有收到？返回重新登录
              </Button>
            </Form>
          )}
          <p className="console-login__foot">本系统仅限授权工作人员使用，所有操作均记入安全审计日志</p>
        </section>
      </main>
    </AntdProvider>
  );
}
