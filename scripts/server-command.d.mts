/** The built server's entry, made by `npm run build`. */
export const SERVER_ENTRY: string;
/** `node` arguments that run the built server: its flags, then its entry. */
export function serverArgs(): string[];
/** The environment the server runs with, over `env`: MALLOC_ARENA_MAX unless `env` sets it. */
export function serverEnv<T extends Record<string, string | undefined>>(env: T): T & { MALLOC_ARENA_MAX: string };
