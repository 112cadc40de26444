import { PASSWORD_CHECKS } from '#contract/account.ts';

/** The password rule of docs/product.md §5, ticked off as the user types. */
export function PasswordHint({ value }: { value: string | undefined }) {
  const v = value ?? '';
  return (
    <ul className="password-hint" aria-label="密码要求">
      {PASSWORD_CHECKS.map((c) => {
        const met = c.test(v);
        return (
          <li key={c.label} className={met ? 'is-met' : undefined}>
            {c.label}
            <span className="visually-hidden">{met ? '（已满足）' : '（未满足）'}</span>
          </li>
        );
      })}
    </ul>
  );
}
