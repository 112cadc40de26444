import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { display } from '#contract/format.ts';

export interface MetaItem {
  label: string;
  value: ReactNode;
}

/** Label/value pairs of a detail page; empty values show '-' (docs/product.md §5). */
export function MetaList({ items, columns = 3 }: { items: readonly MetaItem[]; columns?: 2 | 3 }) {
  return (
    <dl className={`meta-list meta-list--${columns}`}>
      {items.map((item) => (
        <div key={item.label} className="meta-list__item">
          <dt>{item.label}</dt>
          <dd>{typeof item.value === 'string' || item.value === null || item.value === undefined ? display(item.value) : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Staff-written rich text, already sanitised by the service, its headings already numbered for
 * where it sits on the page (sanitizeRichText's `headingsFrom`).
 */
export function RichContent({ html }: { html: string }) {
  if (!html.trim()) return <p className="rich-content rich-content--empty">暂无正文</p>;
  return <div className="rich-content" dangerouslySetInnerHTML={{ __html: html }} />;
}

export function downloadHref(file: { name: string; path: string }): string {
  return `/uaa/api/download/file?${new URLSearchParams({ filePath: file.path, fileName: file.name })}`;
}

export function Attachments({ files }: { files: readonly { name: string; path: string }[] }) {
  if (!files.length) return null;
  return (
    <section className="attachments" aria-labelledby="attachments-title">
      <h2 id="attachments-title" className="section-title">
        附件下载
      </h2>
      <ul>
        {files.map((f) => (
          <li key={f.path}>
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M4 1h5l4 4v9a1 1 0 01-1 1H4a1 1 0 01-1-1V2a1 1 0 011-1z" fill="none" stroke="currentColor" />
              <path d="M9 1v4h4" fill="none" stroke="currentColor" />
            </svg>
            <a href={downloadHref(f)} download={f.name}>
              {f.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A titled part of a detail sheet; `id` names its heading for assistive technology. */
export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="detail-section" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A project's conditions and content, with the policy it rests on (免申即享 and 申报项目 details). */
export function ProjectBasis({
  project,
  conditionsTitle,
  contentTitle,
}: {
  project: { conditions: string; content: string; policyId: number | null };
  conditionsTitle: string;
  contentTitle: string;
}) {
  return (
    <>
      <section className="project-section">
        <h2 className="section-title">{conditionsTitle}</h2>
        <div className="ent-pre">{project.conditions}</div>
      </section>
      <section className="project-section">
        <h2 className="section-title">{contentTitle}</h2>
        <RichContent html={project.content} />
        {project.policyId !== null && (
          <p>
            政策依据：<Link to={`/important-policy/detail?id=${project.policyId}`}>查看相关政策</Link>
          </p>
        )}
      </section>
    </>
  );
}

/** The white sheet of a detail page. */
export function DetailSheet({ title, badges, meta, children }: { title: string; badges?: ReactNode; meta?: ReactNode; children: ReactNode }) {
  return (
    <article className="detail-sheet">
      <header className="detail-sheet__header">
        <h1 className="detail-sheet__title">{title}</h1>
        {badges && <div className="detail-sheet__badges">{badges}</div>}
        {meta}
      </header>
      {children}
    </article>
  );
}

export type Tone = 'blue' | 'green' | 'orange' | 'red' | 'grey';

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
