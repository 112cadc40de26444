import { z } from 'zod';
import zhCN from 'zod/v4/locales/zh-CN.js';

/**
 * The one zod every schema imports: its built-in messages are Chinese, on the server and in
 * the browser alike. Rules with a message of their own (contract/validators.ts) keep theirs.
 * In the browser zod must not compile its object parsers: the first `z.object` probes `new
 * Function`, which the pages' script policy (no 'unsafe-eval') refuses and reports as a violation.
 * The server keeps the compiled, faster parsers.
 */
z.config({ ...zhCN(), jitless: typeof document !== 'undefined' });

export { z };
