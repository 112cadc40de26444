import { useState } from 'react';

interface TextFieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'password';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
  /** Beside the input (the captcha image). */
  children?: React.ReactNode;
}

/** A labelled input with its error under it, for the login page's plain form. */
export function TextField({ id, label, error, type = 'text', onChange, children, ...input }: TextFieldProps) {
  const [shown, setShown] = useState(false);
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'auth-field has-error' : 'auth-field'}>
      <label htmlFor={id} className="auth-field__label">
        {label}
      </label>
      <div className="auth-form__row">
        <div className="auth-input">
          <input
            id={id}
            type={type === 'password' && !shown ? 'password' : 'text'}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? errorId : undefined}
            {...input}
          />
          {type === 'password' && (
            <button type="button" className="auth-input__toggle" onClick={() => setShown((s) => !s)} aria-pressed={shown} aria-controls={id}>
              {shown ? '隐藏' : '显示'}
            </button>
          )}
        </div>
        {children}
      </div>
      {error && (
        <div id={errorId} className="auth-field__error">
          {error}
        </div>
      )}
    </div>
  );
}
