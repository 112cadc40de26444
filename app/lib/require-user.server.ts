import type { AppLoadContext } from 'react-router';
import { runGuards } from '#app/lib/guards.ts';

export type SignedInUser = NonNullable<AppLoadContext['user']>;

/**
 * The 'auth' guard for a loader that needs the signed-in user: a visitor is redirected to login
 * with redirect_uri back here. Every /user loader calls it, not only the layout's, because React
 * Router runs the loaders of a match side by side.
 */
export function requireUser(args: { url: URL; context: AppLoadContext }): SignedInUser {
  runGuards(['auth'], args);
  return args.context.user as SignedInUser;
}
