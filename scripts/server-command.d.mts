/** The built server's entry, made by `npm run build`. */
export const SERVER_ENTRY: string;
/** `node` arguments that run the built server: its flags, then its entry. */
export function serverArgs(): string[];
