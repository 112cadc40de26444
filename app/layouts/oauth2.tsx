import { Outlet } from 'react-router';
import { AuthFrame } from '#app/features/account/auth-frame.tsx';
import authStyles from '#app/features/account/auth.css?url';

export const links = () => [{ rel: 'stylesheet', href: authStyles }];

/** The oauth2 layout (docs/product.md §2): a small panel while single sign-on finishes. */
export default function OAuth2Layout() {
  return (
    <AuthFrame>
      <main id="main" className="oauth2-card">
        <Outlet />
      </main>
    </AuthFrame>
  );
}
