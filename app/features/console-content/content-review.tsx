import { Alert, Card } from 'antd';
import type { ReactNode } from 'react';
import type { Notice } from '#contract/notice.ts';
import type { Policy } from '#contract/policy.ts';
import type { ContentKind } from '#contract/publishing.ts';
import { NoticeSheet } from '#app/components/notice-sheet.tsx';
import { PolicySheet } from '#app/components/policy-sheet.tsx';
import { contentChanges, type ParagraphChange, type Piece } from './content-diff.ts';

/** Pieces of text: added ones underlined, removed ones struck through, each also named for screen readers (not colour alone). */
function Pieces({ pieces }: { pieces: Piece[] }) {
  return (
    <>
      {pieces.map((p, i) =>
        p.kind === 'same' ? (
          <span key={i}>{p.text}</span>
        ) : p.kind === 'added' ? (
          <ins key={i} className="content-diff__added">
            <span className="visually-hidden">［新增：</span>
            {p.text}
            <span className="visually-hidden">］</span>
          </ins>
        ) : (
          <del key={i} className="content-diff__removed">
            <span className="visually-hidden">［删除：</span>
            {p.text}
            <span className="visually-hidden">］</span>
          </del>
        ),
      )}
    </>
  );
}

/** The body's paragraphs that changed; a run of unchanged ones is one line saying how many. */
function Paragraphs({ changes }: { changes: ParagraphChange[] }) {
  const out: ReactNode[] = [];
  let same = 0;
  const flush = (key: string) => {
    if (same) out.push(<p key={key} className="console-muted">（{same} 段未修改）</p>);
    same = 0;
  };
  changes.forEach((c, i) => {
    if (c.kind === 'same') return void (same += 1);
    flush(`s${i}`);
    out.push(
      <p key={i} className="content-diff__paragraph">
        {c.kind === 'changed' ? <Pieces pieces={c.pieces} /> : <Pieces pieces={[{ kind: c.kind, text: c.text }]} />}
      </p>,
    );
  });
  flush('end');
  return <>{out}</>;
}

/**
 * What changed against the published version (docs/console.md "Content"): the fields that differ
 * and the paragraphs of the body, 新增 underlined and 删除 struck through, with a legend.
 */
function Changes({ published, current }: { published: Notice | Policy; current: Notice | Policy }) {
  const { fields, body, interpretation } = contentChanges(published, current);
  const bodyChanged = body.some((c) => c.kind !== 'same');
  const interpretationChanged = interpretation.some((c) => c.kind !== 'same');
  if (!fields.length && !bodyChanged && !interpretationChanged) return <Alert type="info" showIcon title="与已发布的版本相比没有修改" />;
  return (
    <div className="content-diff">
      <p className="content-diff__legend">
        <ins className="content-diff__added">下划线为新增</ins>，<del className="content-diff__removed">删除线为删除</del>
      </p>
      {fields.length > 0 && (
        <dl className="content-diff__fields">
          {fields.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>
                <Pieces pieces={f.pieces} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {bodyChanged && (
        <section aria-label="正文的修改">
          <h4>正文</h4>
          <Paragraphs changes={body} />
        </section>
      )}
      {interpretationChanged && (
        <section aria-label="政策解读的修改">
          <h4>政策解读</h4>
          <Paragraphs changes={interpretation} />
        </section>
      )}
    </div>
  );
}

/**
 * The publisher's review: the finished page exactly as the public will see it (the public detail
 * page's own component) and, beside it, what changed against the published version and the
 * decision (`actions`).
 */
export function ContentReview({ kind, current, published, actions }: { kind: ContentKind; current: Notice | Policy; published: Notice | Policy | null; actions: ReactNode }) {
  return (
    <div className="content-review">
      <section className="content-review__page" aria-label="成稿预览">
        <h3 className="content-review__head">成稿预览（与门户页面一致）</h3>
        {kind === 'notice' ? <NoticeSheet notice={current as Notice} /> : <PolicySheet policy={current as Policy} />}
      </section>
      <aside className="content-review__side" aria-label="审核">
        <Card size="small" title="与已发布版本相比">
          {published ? <Changes published={published} current={current} /> : <Alert type="info" showIcon title="首次发布：此前没有已发布的版本" />}
        </Card>
        <Card size="small" title="审核" style={{ marginTop: 16 }}>
          {actions}
        </Card>
      </aside>
    </div>
  );
}
