import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, type LinksFunction } from 'react-router';
import type { Route } from './+types/root';
import { ClientEffects } from './components/client-effects.tsx';
import { errorTextOf, RouteErrorPage, statusOfError } from './components/error-page.tsx';
import { OfflineBanner } from './components/offline-banner.tsx';
import { ProgressBar } from './components/progress-bar.tsx';
import globalStyles from './styles/global.css?url';

// Inline, so browsers do not ask the server for /favicon.ico (which would render the 404 page).
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'%3E%3Ccircle cx='32' cy='32' r='30' fill='%23f0b429'/%3E%3Ccircle cx='32' cy='32' r='25' fill='%23d7261e'/%3E%3Cpath d='M32 12l3 6 7 1-5 5 1 7-6-3-6 3 1-7-5-5 7-1z' fill='%23ffe08a'/%3E%3Cpath d='M17 45V33l15-7 15 7v12h-5V35l-10-4-10 4v10z' fill='%23ffe08a'/%3E%3C/svg%3E";

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: globalStyles }];

/** Site settings and the signed-in user, for every page (read with `useRootData`). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = context.user;
  // The unread count beside the greeting (docs/console.md "Enterprise side"): one indexed count per navigation.
  return {
    site: context.site,
    user: user ? { nickName: user.nickName, unread: await context.services.message.unread(user) } : null,
    careMode: context.careMode,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  const platform = loaderData?.site.platformName ?? '';
  if (error) return [{ title: [errorTextOf(statusOfError(error)).message, platform].filter(Boolean).join(' - ') }];
  return [{ title: platform }];
};

export function Layout({ children }: { children: React.ReactNode }) {
  // 关怀模式 is a class on <html>, rendered by the server from the cookie: no script, no flash.
  const careMode = useRouteLoaderData<typeof loader>('root')?.careMode;
  return (
    <html lang="zh-CN" className={careMode ? 'care' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1aa3f9" />
        <link rel="icon" href={FAVICON} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* The page's one polite live region, for announce() (app/lib/announce.ts; the id is its
            LIVE_REGION_ID, written out so that every page does not load that module). */}
        <div id="live-status" className="visually-hidden" aria-live="polite" aria-atomic="true" />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <ProgressBar />
      <OfflineBanner />
      <ClientEffects />
      <Outlet />
    </>
  );
}

/** Reached only when the root or a layout itself fails; pages fail inside their layout. */
export function ErrorBoundary() {
  return (
    <div className="error-shell">
      <RouteErrorPage />
    </div>
  );
}
