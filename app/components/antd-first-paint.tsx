import { DownOutlined, CloseCircleFilled, EyeInvisibleOutlined } from '@ant-design/icons';
import {
  Button as AntdButton,
  Cascader as AntdCascader,
  Col as AntdCol,
  Form as AntdForm,
  Input as AntdInput,
  Row as AntdRow,
  Select as AntdSelect,
  type ButtonProps,
  type ColProps,
  type FormItemProps,
  type FormProps,
  type InputProps,
  type RowProps,
  type SelectProps,
} from 'antd';
import type { PasswordProps } from 'antd/es/input/Password';
import { Children, cloneElement, type ComponentProps, createContext, isValidElement, useContext, type ReactElement, type ReactNode } from 'react';
import { useHydrated } from '#app/lib/use-hydrated.ts';

/**
 * The antd form controls of the user centre's open forms (/user: 个人资料, 企业信息, 修改密码), drawn
 * on the server and during hydration as antd's own markup in plain elements, and as the antd
 * component itself once the page has hydrated (or at once on a page rendered in the browser). antd
 * spends ~20 components and a theme-token hash on each field of a render nobody can type into yet;
 * the same markup means antd's stylesheet draws the same form (antd-first-paint.test.tsx holds the
 * markup to antd's, so an upgrade that changes it fails there). Only what those forms use is
 * drawn: vertical layout, text and password inputs, single selects and cascaders with a chosen
 * value or a placeholder, gutters, buttons. docs/decisions.md "Open forms drawn before antd".
 */

/** The CSS-variable scope of the portal's antd theme (antd-theme.ts `cssVar.key`). */
const THEME = 'portal';

/** What a drawn field gets from its item, as antd's Form.Item hands it to its control. */
interface FieldProps {
  id?: string;
  'aria-label'?: string;
  value?: unknown;
  'aria-describedby'?: string;
  'aria-required'?: 'true';
}

/**
 * Set while drawing: inside a drawn form, its initial values (which its items hand to their
 * controls); inside <FirstPaint>, null. Outside both the controls are always antd's (the
 * registration form's large sizes are not drawn).
 */
const Drawing = createContext<{ values: Record<string, unknown> | null; layout: FormLayout } | null>(null);

type FormLayout = 'vertical' | 'inline';

const OUTSIDE_A_FORM = { values: null, layout: 'vertical' as const };

/** Draws the kit's controls inside until hydration outside a drawn form too (a page's buttons). */
export function FirstPaint({ children }: { children: ReactNode }) {
  return <Drawing.Provider value={OUTSIDE_A_FORM}>{children}</Drawing.Provider>;
}

/** The drawing context until hydration, null when antd renders. */
function useDrawing() {
  const hydrated = useHydrated();
  const drawing = useContext(Drawing);
  return hydrated ? null : drawing;
}

/** Form, vertical or inline (a console list's filter bar). */
export function Form<Values = any>(props: FormProps<Values>) {
  const hydrated = useHydrated();
  if (hydrated || (props.layout !== undefined && props.layout !== 'vertical' && props.layout !== 'inline')) return <AntdForm {...(props as ComponentProps<typeof AntdForm>)} />;
  const children = props.children as ReactNode;
  const layout = props.layout ?? 'vertical';
  return (
    <form className={`ant-form ant-form-${layout} ${THEME} ant-form-css-var${props.className ? ` ${props.className}` : ''}`}>
      <Drawing.Provider value={{ values: (props.initialValues ?? {}) as Record<string, unknown>, layout }}>{children}</Drawing.Provider>
    </form>
  );
}

Form.useForm = AntdForm.useForm;
Form.Item = FormItem;

/**
 * A field's current value for `children`, in place of Form.useWatch, which complains (in
 * development) when no antd form is there yet: undefined until hydration, as on antd's first render.
 */
export function Watched<T>({ name, children }: { name: string; children: (value: T | undefined) => ReactNode }) {
  return useHydrated() ? <LiveWatched name={name}>{children}</LiveWatched> : children(undefined);
}

function LiveWatched<T>({ name, children }: { name: string; children: (value: T | undefined) => ReactNode }) {
  return children(AntdForm.useWatch<T | undefined>(name));
}

/** Form.Item with a string name (or none), a label and rules whose `required` draws the asterisk. */
export function FormItem(props: FormItemProps) {
  // Only a drawn form's items are drawn: an antd form's items hand its values to drawn controls themselves.
  const drawing = useDrawing();
  const values = drawing?.values;
  if (!values) return <AntdForm.Item {...props} />;
  const { name, label, rules, extra, children } = props;
  const id = typeof name === 'string' ? name : undefined;
  const required = props.required ?? rules?.some((r) => typeof r === 'object' && r.required) ?? false;
  const field: FieldProps = {};
  if (id !== undefined) {
    field.id = id;
    field.value = values[id];
    if (extra) field['aria-describedby'] = `${id}_extra`;
    if (required) field['aria-required'] = 'true';
  }
  const control = id !== undefined && isValidElement(children) ? cloneElement(children as ReactElement<FieldProps>, field) : (children as ReactNode);
  return (
    <div className={`ant-form-item ${THEME} ant-form-css-var ant-form-item-${drawing.layout}`}>
      <div className={`ant-row ant-form-item-row ${THEME}`}>
        {label !== undefined && (
          <div className={`ant-col ant-form-item-label ${THEME}`}>
            <label htmlFor={id} className={required ? 'ant-form-item-required' : ''} title={typeof label === 'string' ? label : undefined}>
              {label}
            </label>
          </div>
        )}
        <div className={`ant-col ant-form-item-control ${THEME}`}>
          <div className="ant-form-item-control-input">
            <div className="ant-form-item-control-input-content">{control}</div>
          </div>
          {extra && (
            <div className="ant-form-item-additional">
              <div id={id && `${id}_extra`} className="ant-form-item-extra">
                {extra}
              </div>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Input: plain, or with its character count (`showCount`) or its clear button (`allowClear`, a filter's). */
export function Input(props: InputProps & FieldProps) {
  if (!useDrawing() || (props.showCount && props.allowClear) || (props.style && !props.allowClear)) return <AntdInput {...props} />;
  const { placeholder, maxLength, id, disabled, showCount, allowClear, style } = props;
  const value = text(props.value);
  const input = (className: string) => (
    <input
      placeholder={placeholder}
      maxLength={maxLength}
      id={id}
      aria-describedby={props['aria-describedby']}
      aria-required={props['aria-required']}
      disabled={disabled}
      className={className}
      type="text"
      defaultValue={value}
    />
  );
  const outlined = `${disabled ? ' ant-input-disabled' : ''} ant-input-outlined ${THEME} ant-input-css-var`;
  if (allowClear) {
    return (
      <span className={`ant-input-affix-wrapper${outlined}`} style={style}>
        {input('ant-input')}
        <span className="ant-input-suffix">
          <button type="button" className={`ant-input-clear-icon${value ? '' : ' ant-input-clear-icon-hidden'}`}>
            <CloseCircleFilled />
          </button>
        </span>
      </span>
    );
  }
  if (!showCount) return input(`ant-input${outlined}`);
  return (
    <span className={`ant-input-affix-wrapper${outlined}`}>
      {input('ant-input')}
      <span className="ant-input-suffix">
        <span className="ant-input-show-count-suffix">
          {Array.from(value).length}
          {maxLength !== undefined && ` / ${maxLength}`}
        </span>
      </span>
    </span>
  );
}

/** Input.Password, hidden, with antd's eye to show it. */
export function PasswordInput(props: PasswordProps & FieldProps) {
  if (!useDrawing()) return <AntdInput.Password {...props} />;
  const { autoComplete, placeholder, maxLength, id } = props;
  return (
    <span className={`ant-input-affix-wrapper ant-input-outlined ant-input-password ${THEME} ant-input-css-var`}>
      <input
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        id={id}
        aria-describedby={props['aria-describedby']}
        aria-required={props['aria-required']}
        type="password"
        className="ant-input"
        defaultValue={text(props.value)}
      />
      <span className="ant-input-suffix">
        <span role="button" tabIndex={0} className="ant-input-password-icon" aria-disabled="false" aria-pressed="false" aria-label="显示">
          <EyeInvisibleOutlined />
        </span>
      </span>
    </span>
  );
}

/** The closed box of a single select or cascader: the chosen label (or the placeholder), the arrow. */
function SelectBox({
  className,
  style,
  field,
  label,
  placeholder,
  clear,
}: {
  className: string;
  style?: React.CSSProperties;
  field: FieldProps;
  label: string | null;
  placeholder?: ReactNode;
  clear: boolean;
}) {
  return (
    <div className={`${className}${label !== null && clear ? ' ant-select-allow-clear' : ''} ant-select-show-arrow`} style={style}>
      <div className={label === null ? 'ant-select-content' : 'ant-select-content ant-select-content-has-value'} title={label ?? undefined}>
        {label === null ? <div className="ant-select-placeholder">{placeholder}</div> : label}
        <input
          id={field.id}
          type="text"
          aria-label={field['aria-label']}
          aria-required={field['aria-required']}
          readOnly
          autoComplete="new-password"
          className="ant-select-input"
          role="combobox"
          aria-expanded="false"
          aria-haspopup="listbox"
          aria-autocomplete="list"
          value=""
        />
      </div>
      <div className="ant-select-suffix">
        <DownOutlined />
      </div>
      {label !== null && clear && (
        <button type="button" aria-label="Clear" className="ant-select-clear">
          <CloseCircleFilled />
        </button>
      )}
    </div>
  );
}

interface Option {
  label: ReactNode;
  value: string | number;
  children?: Option[];
}

/** Select, single, with `options`. */
export function Select(props: SelectProps & FieldProps) {
  if (!useDrawing()) return <AntdSelect {...props} />;
  const chosen = (props.options as Option[] | undefined)?.find((o) => o.value === props.value);
  return (
    <SelectBox
      className={`ant-select ant-select-outlined ant-select-in-form-item ${THEME} ant-select-css-var ant-select-single`}
      style={props.style}
      field={props}
      label={chosen ? String(chosen.label) : null}
      placeholder={props.placeholder}
      clear={!!props.allowClear}
    />
  );
}

/** Cascader, single, its value a path through `options` (labels joined with " / "). */
export function Cascader(props: ComponentProps<typeof AntdCascader> & FieldProps) {
  if (!useDrawing()) return <AntdCascader {...props} />;
  const labels: string[] = [];
  let level = props.options as Option[] | undefined;
  for (const v of (props.value ?? []) as (string | number)[]) {
    const o = level?.find((x) => x.value === v);
    if (!o) break;
    labels.push(String(o.label));
    level = o.children;
  }
  const inForm = props.id !== undefined ? ' ant-select-in-form-item' : '';
  return (
    <SelectBox
      className={`ant-select ant-cascader ant-select-outlined${inForm} ant-select-css-var ant-cascader-css-var ${THEME} ant-select-single`}
      style={props.style}
      field={props}
      label={labels.length ? labels.join(' / ') : null}
      placeholder={props.placeholder}
      clear
    />
  );
}

/** Row with a horizontal gutter. */
export function Row(props: RowProps) {
  if (!useDrawing()) return <AntdRow {...props} />;
  const half = typeof props.gutter === 'number' ? props.gutter / 2 : 0;
  return (
    <div className={`ant-row ${THEME}`} style={half ? { marginInline: -half } : undefined}>
      <Gutter.Provider value={half}>{props.children}</Gutter.Provider>
    </div>
  );
}

const Gutter = createContext(0);

/** Col with `xs` and `md` spans. */
export function Col(props: ColProps) {
  const drawing = useDrawing();
  const half = useContext(Gutter);
  if (!drawing) return <AntdCol {...props} />;
  const spans = [props.xs !== undefined && `ant-col-xs-${props.xs}`, props.md !== undefined && `ant-col-md-${props.md}`].filter(Boolean).join(' ');
  return (
    <div style={half ? { paddingInline: half } : undefined} className={`ant-col ${spans} ${THEME}`}>
      {props.children}
    </div>
  );
}

const BUTTON_KINDS = {
  primary: 'ant-btn-primary ant-btn-color-primary ant-btn-variant-solid',
  default: 'ant-btn-default ant-btn-color-default ant-btn-variant-outlined',
  link: 'ant-btn-link ant-btn-color-link ant-btn-variant-link',
} as const;

/** Button, primary, default or link, with an icon or small; not busy while drawn (nothing has been sent before hydration). */
export function Button(props: ButtonProps) {
  // Disabled, busy and danger buttons are left to antd: their markup is not drawn here.
  if (!useDrawing() || props.disabled || props.loading || props.danger) return <AntdButton {...props} />;
  const kind = BUTTON_KINDS[props.type === 'primary' || props.type === 'link' ? props.type : 'default'];
  const small = props.size === 'small' ? ' ant-btn-sm' : '';
  return (
    <button type={props.htmlType ?? 'button'} className={`ant-btn ${THEME} ${kind}${small}${props.className ? ` ${props.className}` : ''}`}>
      {props.icon && <span className="ant-btn-icon">{props.icon}</span>}
      {Children.map(props.children, (c) => (typeof c === 'string' ? <span>{c}</span> : c))}
    </button>
  );
}
