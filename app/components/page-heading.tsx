import type { ReactNode } from 'react';
import { SmartLink } from './smart-link.tsx';

export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumb and the page's title; detail pages leave out `title` (their sheet carries the h1). */
export function PageHeading({ title, crumbs, extra }: { title?: string; crumbs: readonly Crumb[]; extra?: ReactNode }) {
  return (
    <div className="page-heading">
      <nav className="breadcrumb" aria-label="当前位置">
        <span className="breadcrumb__label">当前位置：</span>
        <SmartLink to="/">首页</SmartLink>
        {crumbs.map((c) => (
          <span key={c.label} className="breadcrumb__item">
            <span className="breadcrumb__sep" aria-hidden="true">
              /
            </span>
            {c.to ? <SmartLink to={c.to}>{c.label}</SmartLink> : <span aria-current="page">{c.label}</span>}
          </span>
        ))}
      </nav>
      {title && (
        <div className="page-heading__row">
          <h1 className="page-heading__title">{title}</h1>
          {extra}
        </div>
      )}
    </div>
  );
}
