import { Outlet } from 'react-router';
import { AuthFrame } from '#app/features/account/auth-frame.tsx';
import { AuthIllustration } from '#app/features/account/auth-illustration.tsx';
import authStyles from '#app/features/account/auth.css?url';
import { useRootData } from '#app/lib/root-data.ts';

const POINTS = [
  ['政策直达', '重点政策与解读，一站查询'],
  ['诉求快办', '在线提交诉求，办理进度全程可查'],
  ['免申即享', '符合条件的扶持资金，无需申请直接兑现'],
] as const;

export const links = () => [{ rel: 'stylesheet', href: authStyles }];

/**
 * The auth layout (docs/product.md §2): a card with the platform name and a login image beside the form.
 * It carries no antd: the login page stays light; registration and reset wrap themselves in it.
 */
export default function AuthLayout() {
  const site = useRootData()?.site;
  return (
    <AuthFrame backLink footer>
      <main id="main" className="auth-card">
        <section className="auth-card__art">
          <h1 className="auth-card__name">{site?.platformName}</h1>
          <p className="auth-card__tagline">企业服务 · 一网通办</p>
          <ul className="auth-card__points">
            {POINTS.map(([title, text]) => (
              <li key={title}>
                <strong>{title}</strong>
                <span>{text}</span>
              </li>
            ))}
          </ul>
          <AuthIllustration />
        </section>
        <section className="auth-card__form">
          <Outlet />
        </section>
      </main>
    </AuthFrame>
  );
}
