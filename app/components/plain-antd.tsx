import { Children, type CSSProperties, type ReactNode } from 'react';

/**
 * antd components that only lay out or label, as their markup alone: each antd component renders
 * through its theme hooks, and a list paid for a Tag and a Space on every row. The same markup
 * means antd's stylesheet draws them the same; plain-antd.test.tsx holds it to antd's for every
 * case the portal uses, so an antd upgrade that changes it fails there.
 */

/** Tag without close or click. */
export function PlainTag({ color, variant = 'filled', children }: { color?: string; variant?: 'filled' | 'outlined' | 'solid'; children: ReactNode }) {
  return <span className={`ant-tag ant-tag-${variant}${color ? ` ant-tag-${color}` : ''} portal`}>{children}</span>;
}

/** Space, horizontal, without a separator: a preset size or a gap in pixels. */
export function PlainSpace({
  size = 'small',
  wrap = false,
  className,
  children,
}: {
  size?: 'small' | 'middle' | 'large' | number;
  wrap?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const preset = typeof size === 'string';
  const style: CSSProperties = {};
  if (wrap) style.flexWrap = 'wrap';
  if (!preset) {
    style.columnGap = size;
    style.rowGap = size;
  }
  const gaps = preset ? ` ant-space-gap-row-${size} ant-space-gap-col-${size}` : '';
  return (
    <div className={`ant-space ant-space-horizontal ant-space-align-center${gaps}${className ? ` ${className}` : ''} portal`} style={style}>
      {Children.toArray(children).map((child, i) => (
        <div key={i} className="ant-space-item">
          {child}
        </div>
      ))}
    </div>
  );
}

/**
 * Checkbox as drawn before hydration (a table's selection column): checked or not, disabled or
 * not; the box is the browser's until antd takes over, so what is ticked meanwhile is not kept.
 */
export function PlainCheckbox({ checked = false, disabled = false, 'aria-label': label }: { checked?: boolean; disabled?: boolean; 'aria-label'?: string }) {
  const states = [checked && 'checked', disabled && 'disabled'].filter(Boolean);
  const wrapper = states.map((s) => ` ant-checkbox-wrapper-${s}`).join('');
  const box = states.map((s) => ` ant-checkbox-${s}`).join('');
  return (
    <label className={`ant-checkbox-wrapper${wrapper} portal ant-checkbox-css-var`}>
      <span className={`ant-checkbox ant-wave-target${box}`}>
        <input aria-label={label} className="ant-checkbox-input" disabled={disabled} type="checkbox" defaultChecked={checked} />
      </span>
    </label>
  );
}
