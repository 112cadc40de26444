import { lazy, Suspense } from 'react';
import { formatDeadline } from '#contract/format.ts';
import { Link, useLocation } from 'react-router';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { loginUrl } from '#app/lib/redirect.ts';
import { Note } from './note.tsx';
import type { ObjectionFormProps } from './objection-form.tsx';

// The form (antd, uploads) loads only for a signed-in enterprise, after the page has hydrated.
const ObjectionForm = lazy(() => import('./objection-form.tsx'));

/** 异议 while a proclamation's period is open: the login prompt for visitors, the form for an enterprise. */
export function ObjectionSection({ loggedIn, ...form }: ObjectionFormProps & { loggedIn: boolean }) {
  const location = useLocation();
  const hydrated = useHydrated();
  if (!loggedIn) {
    return (
      <Note
        title={`公示期内（${formatDeadline(form.objectionEndAt)} 前）可实名提出异议。`}
        description="异议须以企业名义实名提出，请先登录。"
        action={
          <Link className="btn btn--primary" to={loginUrl(location.pathname + location.search)}>
            登录后提出异议
          </Link>
        }
      />
    );
  }
  const loading = <p className="objection-loading">正在加载异议表单…</p>;
  return hydrated ? (
    <Suspense fallback={loading}>
      <ObjectionForm {...form} />
    </Suspense>
  ) : (
    loading
  );
}
