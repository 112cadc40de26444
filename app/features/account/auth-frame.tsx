import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SkipLink } from '#app/components/skip-link.tsx';
import { CareModeSwitch } from '#app/components/care-mode-switch.tsx';
import { useRootData } from '#app/lib/root-data.ts';

/** The plain page around the auth and oauth2 layouts: the platform's name on top, linking home. */
export function AuthFrame({ backLink = false, footer = false, children }: { backLink?: boolean; footer?: boolean; children: ReactNode }) {
  const site = useRootData()?.site;
  return (
    <div className="auth-page">
      <SkipLink />
      <header className="auth-page__top">
        <Link to="/" className="auth-page__home">
          {site?.platformName}
        </Link>
        <CareModeSwitch className="care-switch care-switch--light" />
        {backLink && (
          <Link to="/" className="auth-page__back">
            返回首页
          </Link>
        )}
      </header>
      {children}
      {footer && <footer className="auth-page__foot">{site ? `${site.govName} 主办 · ${site.support} 技术支持` : null}</footer>}
    </div>
  );
}
