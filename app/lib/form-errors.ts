import type { FormInstance } from 'antd/es/form';
import { notify } from './feedback.ts';
import { showFieldErrors, toNamePath } from './form-rules.ts';
import { HttpError } from './http.ts';

/**
 * A form's call failed: the server's field errors under their fields, or else its message as a
 * notice. Anything but an HTTP error is a bug and goes on up.
 */
export function reportFormError(form: FormInstance, err: unknown, nameOf: (key: string) => (string | number)[] | null = toNamePath): void {
  if (!(err instanceof HttpError)) throw err;
  if (!showFieldErrors(form, err.fields, nameOf)) notify('error', err.message);
}
