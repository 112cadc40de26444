import { Form, Input } from 'antd';
import { smsCodeSchema, type SmsScene } from '#contract/account.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { CaptchaImage, useCaptcha } from './captcha.tsx';
import { SmsButton } from './sms-button.tsx';
import { smsSender } from './sms-sender.ts';

/**
 * 图形验证码 and 短信验证码 of the registration and reset forms (fields `code` and `smsCode`, beside a
 * `phone` field of the same form). The captcha gates the SMS only: the form's own call takes none.
 */
export function SmsVerificationFields({ scene, onError }: { scene: SmsScene; onError: (message: string) => void }) {
  const form = Form.useFormInstance();
  const captcha = useCaptcha();
  return (
    <>
      <Form.Item label="图形验证码" required extra="获取短信验证码前填写">
        <div className="auth-form__row">
          <Form.Item name="code" noStyle>
            <Input placeholder="图形验证码" autoComplete="off" maxLength={6} aria-label="图形验证码" />
          </Form.Item>
          <CaptchaImage uuid={captcha.uuid} onRefresh={captcha.refresh} />
        </div>
      </Form.Item>
      <Form.Item label="短信验证码" required>
        <div className="auth-form__row">
          <Form.Item name="smsCode" noStyle rules={[zodRule(smsCodeSchema)]}>
            <Input placeholder="短信验证码" autoComplete="one-time-code" inputMode="numeric" maxLength={6} aria-label="短信验证码" />
          </Form.Item>
          <SmsButton send={smsSender(form, scene, captcha, onError)} onCountdown={() => form.focusField('smsCode')} />
        </div>
      </Form.Item>
    </>
  );
}
