import type { FormInstance, RuleObject, RuleRender } from 'antd/es/form';
import type { z } from 'zod';

/**
 * antd Form rules from the contract's zod schemas, so that the browser says exactly what the server
 * would (one rule, one message). antd only uses `required` for the asterisk here: when a rule has a
 * `validator`, that validator alone decides.
 */

/** Empty inputs arrive as '' (Input) or undefined (Select); both mean "not given". */
const normalize = (value: unknown) => (value === '' || value === null ? undefined : value);

/** True when the schema refuses an absent value, i.e. the field must be filled. */
export function isRequired(schema: z.ZodType): boolean {
  return !schema.safeParse(undefined).success;
}

/** The first message the schema gives for `value`, or null when it accepts it. */
export function zodMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(normalize(value));
  return result.success ? null : (result.error.issues[0]?.message ?? '填写有误');
}

/** A rule for one field: `rules={[zodRule(appealInputSchema.shape.title)]}`. */
export function zodRule(schema: z.ZodType): RuleObject {
  return {
    required: isRequired(schema),
    validator: async (_rule, value) => {
      const message = zodMessage(schema, value);
      if (message) throw new Error(message);
    },
  };
}

/** The message a whole-object schema gives for the field at `path` (rules across fields: superRefine). */
export function zodFieldMessage(schema: z.ZodType, values: unknown, path: string): string | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  return result.error.issues.find((i) => i.path.join('.') === path)?.message ?? null;
}

/**
 * A rule checked against the whole form (e.g. "a reason is needed for 不满意"): the object schema
 * runs over every value, and this field shows the issues that name it.
 */
export function zodFormRule(schema: z.ZodType, path: string, extra: Record<string, unknown> = {}): RuleRender {
  return (form: Parameters<RuleRender>[0]) => ({
    validator: async () => {
      const message = zodFieldMessage(schema, { ...form.getFieldsValue(true), ...extra }, path);
      if (message) throw new Error(message);
    },
  });
}

/** `materials.0.files` → ['materials', 0, 'files'], the name path antd uses. */
export function toNamePath(key: string): (string | number)[] {
  return key.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** Keeps only the keys whose first part is one of `fields` (the rest are not this form's). */
export const onlyFields =
  (fields: readonly string[]) =>
  (key: string): (string | number)[] | null =>
    fields.includes(key.split('.')[0]) ? toNamePath(key) : null;

/**
 * Server field errors (`err.fields`) in place under each field; `nameOf` maps a server key to the
 * form's name path (null: not a field of this form). Returns false when none could be shown, so
 * the caller shows the message instead.
 */
export function showFieldErrors(form: FormInstance, fields: Record<string, string>, nameOf: (key: string) => (string | number)[] | null = toNamePath): boolean {
  const shown = Object.entries(fields).flatMap(([key, message]) => {
    const name = key === '_' ? null : nameOf(key);
    return name ? [{ name, errors: [message] }] : [];
  });
  if (!shown.length) return false;
  form.setFields(shown);
  form.scrollToField(shown[0].name, { block: 'center' });
  return true;
}
