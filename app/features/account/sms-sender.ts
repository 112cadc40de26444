import type { FormInstance } from 'antd';
import { smsRequestSchema, type SmsScene } from '#contract/account.ts';
import { notify } from '#app/lib/feedback.ts';
import { showFieldErrors, zodMessage } from '#app/lib/form-rules.ts';
import type { HttpError } from '#app/lib/http.ts';
import { accountApi } from './account-api.ts';
import { SMS_WAIT_SECONDS } from './sms-button.tsx';

/**
 * What 获取验证码 does on the registration and reset forms: the phone and the image captcha are
 * checked first; the captcha is spent by the call, so a new image is drawn whatever the outcome.
 * Returns the seconds before another code may be asked for.
 */
export function smsSender(
  form: FormInstance,
  scene: SmsScene,
  captcha: { uuid: string | null; refresh: () => void },
  showError: (message: string) => void,
) {
  return async (): Promise<number> => {
    // The captcha is asked for here only: the registration and reset calls themselves take none.
    const { phone, code } = form.getFieldsValue(['phone', 'code']) as { phone?: string; code?: string };
    const captchaMessage = zodMessage(smsRequestSchema.shape.code, code);
    try {
      await form.validateFields(['phone']);
    } catch {
      if (captchaMessage) form.setFields([{ name: 'code', errors: [captchaMessage] }]);
      return 0;
    }
    if (captchaMessage || !phone || !code) {
      form.setFields([{ name: 'code', errors: [captchaMessage ?? '请输入图形验证码'] }]);
      return 0;
    }
    try {
      await accountApi.sendSms({ phone, scene, uuid: captcha.uuid ?? '', code });
      showError('');
      notify('success', '如手机号符合要求，验证码已发送，请注意查收');
      return SMS_WAIT_SECONDS;
    } catch (e) {
      const err = e as HttpError;
      if (!showFieldErrors(form, err.fields)) showError(err.message);
      const wait = (err.data as { retryAfter?: number } | null)?.retryAfter;
      return err.code === 429 && wait && wait <= 120 ? wait : 0;
    } finally {
      captcha.refresh();
      form.setFieldValue('code', '');
    }
  };
}
