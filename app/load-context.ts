import type { PageContext } from '../server/page-context.ts';

// Type-only: pages receive the services through React Router's load context, never by import.
declare module 'react-router' {
  interface AppLoadContext extends PageContext {}
}
