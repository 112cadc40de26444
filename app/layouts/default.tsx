import { Outlet, useLoaderData, useLocation, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/default';
import { CorrectionLink } from '#app/components/correction-link.tsx';
import { RouteErrorPage } from '#app/components/error-page.tsx';
import { SiteFooter } from '#app/components/site-footer.tsx';
import { SiteHeader } from '#app/components/site-header.tsx';
import { SkipLink } from '#app/components/skip-link.tsx';
import { IdleTimeoutGate } from '#app/features/account/idle-timeout-gate.tsx';
import { qrCodesFor } from '#app/lib/qr.server.ts';
import { useRootData } from '#app/lib/root-data.ts';

/** The footer's QR codes, drawn on the server from the configured URLs. */
export function loader({ context }: Route.LoaderArgs) {
  return { qrCodes: qrCodesFor(context.site.qrCodes) };
}

// The codes change only with the site settings, and a settings change purges every cached page: a
// client-side navigation keeps the ones it has.
export const shouldRevalidate = () => false;

function Chrome({ qrCodes, children }: { qrCodes: Route.ComponentProps['loaderData']['qrCodes']; children: React.ReactNode }) {
  const root = useRootData();
  if (!root) return <main className="site-main">{children}</main>;
  return (
    <div className="site">
      <SkipLink />
      <SiteHeader site={root.site} user={root.user} />
      <main id="main" className="site-main">
        <div className="container">{children}</div>
      </main>
      <SiteFooter site={root.site} qrCodes={qrCodes} />
      <IdleTimeoutGate />
    </div>
  );
}

export default function DefaultLayout() {
  const { qrCodes } = useLoaderData<typeof loader>();
  // Every public detail page (…/detail) takes error reports (我为政府网站找错).
  const detail = useLocation().pathname.endsWith('/detail');
  return (
    <Chrome qrCodes={qrCodes}>
      <Outlet />
      {detail && <CorrectionLink />}
    </Chrome>
  );
}

/** A page's error (404 for unknown ids, 401, 500) shows inside the site's header and footer. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>('layouts/default');
  return (
    <Chrome qrCodes={data?.qrCodes ?? []}>
      <RouteErrorPage />
    </Chrome>
  );
}
