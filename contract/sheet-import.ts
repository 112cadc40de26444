import { z } from './zod.ts';
import { bodyIdSchema } from './evaluation.ts';

/**
 * What the console's spreadsheet imports share in their calls (docs/console.md "免申即享"): the
 * refused rows sent back to be written as .xlsx, and the commit of a previewed batch.
 */

/** A cell of a refused row: the body's empty strings arrive as null (docs/api.md "Values"), and a missing cell is what many refused rows have. */
export const refusedCell = (max: number) =>
  z
    .string()
    .max(max)
    .nullable()
    .transform((v) => v ?? '');

/**
 * The rows a preview refused, each with the import's own fields, its line and its reasons, to be
 * fixed offline and uploaded again. Bounded so that the body stays under the API's 1 MB.
 */
export const refusedRowsRequestSchema = <T extends z.ZodRawShape>(fields: T, max: number) =>
  z.object({
    fileName: z.string().trim().max(200, '文件名过长').default(''),
    rows: z
      .array(z.object({ line: z.number().int().min(1), ...fields, errors: z.array(z.string().max(300)).min(1).max(20) }), { error: '请给出有问题的行' })
      .min(1, '没有有问题的行可下载')
      .max(max, `有问题的行超过 ${max} 行，请先按提示修正常见问题后重新上传`),
  });

/** Commits a previewed batch; the same answer however often it is sent. */
export const importCommitSchema = z.object({ batchId: bodyIdSchema });
