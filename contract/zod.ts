import { z } from 'zod';
import zhCN from 'zod/v4/locales/zh-CN.js';

/**
 * The one zod every schema imports: its built-in messages are Chinese, on the server and in
 * the browser alike. Rules with a message of their own (contract/validators.ts) keep theirs.
 */
z.config(zhCN());

export { z };
