import { fileURLToPath } from 'node:url';

/**
 * The project's root folder. This file sits one level below it (server/paths.ts), and so does the
 * compiled server (build/server.mjs), so the same expression holds in both.
 */
export const ROOT_DIR = fileURLToPath(new URL('../', import.meta.url));
