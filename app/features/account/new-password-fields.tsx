import { Form, PasswordInput, Watched } from '#app/components/antd-first-paint.tsx';
import type { z } from 'zod';
import { zodRule } from '#app/lib/form-rules.ts';
import { PasswordHint } from './password-hint.tsx';

/**
 * A password being chosen (its rule ticked off as it is typed) and its confirmation, field
 * `confirmPassword`. `what` names it in every label and message: 密码 on registration, 新密码 where
 * one is replaced.
 */
export function NewPasswordFields({ name, schema, what }: { name: string; schema: z.ZodType; what: '密码' | '新密码' }) {
  return (
    <>
      <Form.Item name={name} label={what} rules={[zodRule(schema)]} extra={<Watched<string> name={name}>{(value) => <PasswordHint value={value} />}</Watched>}>
        <PasswordInput placeholder={what} autoComplete="new-password" maxLength={20} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={`确认${what}`}
        dependencies={[name]}
        rules={[
          { required: true, message: `请再次输入${what}` },
          ({ getFieldValue }) => ({
            validator: async (_r, v) => {
              if (v && v !== getFieldValue(name)) throw new Error(`两次输入的${what}不一致`);
            },
          }),
        ]}
      >
        <PasswordInput placeholder={`再次输入${what}`} autoComplete="new-password" maxLength={20} />
      </Form.Item>
    </>
  );
}
