import { data, redirect } from 'react-router';
import { loginUrl } from './redirect.ts';

/**
 * Route guards by name (docs/product.md §4, §8): 'user' runs on every page (the root loader loads the user
 * from the token cookie on the server); 'auth' requires a signed-in user and otherwise redirects
 * to login with redirect_uri. An unknown name is a programming error: 500 "Unknown middleware {name}".
 */
export type GuardName = 'auth' | 'user';

interface GuardArgs {
  /** The page's address (React Router's `url`, without `.data` and its own parameters). */
  url: URL;
  context: { user: unknown };
}

const guards: Record<GuardName, (args: GuardArgs) => void> = {
  user: () => {},
  auth: ({ url, context }) => {
    if (!context.user) {
      throw redirect(loginUrl(url.pathname + url.search));
    }
  },
};

export function runGuards(names: readonly string[], args: GuardArgs): void {
  for (const name of names) {
    const guard = guards[name as GuardName];
    if (!guard) throw data(`Unknown middleware ${name}`, { status: 500, statusText: `Unknown middleware ${name}` });
    guard(args);
  }
}
