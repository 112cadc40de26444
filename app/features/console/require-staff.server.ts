import { data, redirect, type AppLoadContext } from 'react-router';
import type { Permission } from '#contract/permissions.ts';
import type { StaffActor } from '#contract/staff.ts';
import { consoleLoginUrl, PASSWORD_PATH } from './console-http.ts';

interface Args {
  url: URL;
  context: AppLoadContext;
}

/**
 * The signed-in staff member of a console loader: nobody → the console's login page (coming back
 * here); someone who must change the password first → the password page. Every console loader
 * calls it (React Router runs a match's loaders side by side, so the layout's check is not enough).
 */
export function requireStaff({ url, context }: Args): StaffActor {
  if (!context.staff) throw redirect(consoleLoginUrl(url.pathname + url.search));
  if (context.staffMustChangePassword && url.pathname !== PASSWORD_PATH) throw redirect(PASSWORD_PATH);
  return context.staff;
}

/** As requireStaff, and the page's permission (any of them): without it, the 403 page. */
export function requirePermission(args: Args, needed: Permission | readonly Permission[]): StaffActor {
  const staff = requireStaff(args);
  const list: readonly Permission[] = typeof needed === 'string' ? [needed] : needed;
  if (!list.some((p) => staff.permissions.includes(p))) throw data(null, { status: 403 });
  return staff;
}
