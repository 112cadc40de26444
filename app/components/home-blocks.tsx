import type { ReactNode } from 'react';
import { formatDate } from '#contract/format.ts';
import { EmptyState } from './empty-state.tsx';
import { ServiceIcon } from './service-icon.tsx';
import { SmartLink } from './smart-link.tsx';

/** A titled card of the home page with a "more" link. */
export function HomePanel({
  title,
  more,
  className,
  children,
}: {
  title: string;
  more?: { to: string; label?: string };
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`card home-panel ${className ?? ''}`} aria-label={title}>
      <header className="home-panel__head">
        <h2 className="section-title">{title}</h2>
        {more && (
          <SmartLink to={more.to} className="home-panel__more">
            {more.label ?? '更多'} ›
          </SmartLink>
        )}
      </header>
      {children}
    </section>
  );
}

/** Title and date rows (latest notices, policies, proclamations). */
export function DatedLinks({ items, empty }: { items: readonly { key: number; to: string; title: string; at: string; tag?: ReactNode }[]; empty: string }) {
  if (!items.length) return <EmptyState hint={empty} />;
  return (
    <ul className="dated-links">
      {items.map((item) => (
        <li key={item.key}>
          {item.tag}
          <SmartLink to={item.to} title={item.title}>
            {item.title}
          </SmartLink>
          <time dateTime={item.at}>{formatDate(item.at)}</time>
        </li>
      ))}
    </ul>
  );
}

export interface Figure {
  label: string;
  value: string;
  unit?: string;
}

export function Figures({ figures }: { figures: readonly Figure[] }) {
  return (
    <dl className="figures">
      {figures.map((f) => (
        <div key={f.label} className="figures__item">
          <dt>{f.label}</dt>
          <dd>
            <span className="figures__value">{f.value}</span>
            {f.unit && <span className="figures__unit">{f.unit}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Service quick links: site paths navigate in place, other sites open in a new window. */
export function ServiceLinks({ items }: { items: readonly { id: number; name: string; icon: string; url: string; description: string | null }[] }) {
  if (!items.length) return <EmptyState hint="服务事项正在整理中，请稍后再来看看" />;
  return (
    <ul className="service-links">
      {items.map((s) => {
        const body = (
          <>
            <span className="service-links__icon">
              <ServiceIcon name={s.icon} />
            </span>
            <span className="service-links__name">{s.name}</span>
            {s.description && <span className="service-links__desc">{s.description}</span>}
          </>
        );
        return (
          <li key={s.id}>
            {s.url.startsWith('/') ? (
              <SmartLink to={s.url} className="service-links__item">
                {body}
              </SmartLink>
            ) : (
              <a href={s.url} target="_blank" rel="noopener noreferrer" className="service-links__item" title={`${s.name}（在新窗口打开）`}>
                {body}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
