import { Button, Form, Input } from '#app/components/antd-first-paint.tsx';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { profileUpdateSchema, type AccountProfile, type ProfileUpdate } from '#contract/account.ts';
import { notify } from '#app/lib/feedback.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { http } from '#app/lib/http.ts';
import { AvatarUpload } from './avatar-upload.tsx';

type Values = ProfileUpdate;

/** 个人资料: nickname and avatar; the phone (the login name) is shown masked. */
export function ProfileForm({ user }: { user: AccountProfile['user'] }) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  // The avatar's letter follows the nickname as it is typed.
  const [nick, setNick] = useState(user.nickName);

  async function submit(values: Values) {
    setBusy(true);
    try {
      await http.post('admin/user/update', values, { silent: true });
      notify('success', '个人资料已保存');
      // The header's greeting and the menu's name come from the loaders.
      await revalidator.revalidate();
    } catch (err) {
      reportFormError(form, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      onValuesChange={(changed: Partial<Values>) => 'nickName' in changed && setNick(changed.nickName ?? '')}
      initialValues={{ nickName: user.nickName, avatar: user.avatar }}
      className="account-form"
    >
      <Form.Item name="avatar" label="头像">
        <AvatarUpload fallback={Array.from(nick)[0] ?? ''} />
      </Form.Item>
      <Form.Item name="nickName" label="昵称" rules={[zodRule(profileUpdateSchema.shape.nickName)]} extra="显示在页面顶部的问候语中">
        <Input placeholder="昵称" maxLength={20} showCount />
      </Form.Item>
      <Form.Item label="手机号（登录账号）">
        <span className="account-phone">{user.maskedPhone}</span>
        {user.ssoLinked && <span className="account-tag">已关联统一身份认证</span>}
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        保存资料
      </Button>
    </Form>
  );
}
