import type { Route } from './+types/console.$';
import { requireStaff } from '#app/features/console/require-staff.server.ts';
import { notFoundPage } from '#app/lib/route-errors.ts';

/**
 * An unknown address under /console: a 404 inside the console's frame (its menu, 返回工作台),
 * never the public site's page. Only for the signed-in: anyone else is sent to the login first.
 */
export async function loader(args: Route.LoaderArgs): Promise<never> {
  requireStaff(args);
  notFoundPage();
}

export default function ConsoleNotFound() {
  return null;
}
