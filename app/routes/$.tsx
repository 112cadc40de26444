import { notFoundPage } from '#app/lib/route-errors.ts';

/** Any unknown URL: a real 404 from the server, shown by the layout's error page. */
export async function loader(): Promise<never> {
  notFoundPage();
}

export default function NotFound() {
  return null;
}
