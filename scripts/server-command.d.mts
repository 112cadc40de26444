/** `node` arguments that run the built server: its flags, then build/server.mjs. */
export function serverArgs(): string[];
