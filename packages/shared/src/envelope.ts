import { z } from 'zod';

/** `{ data }`: the body of every success answer. */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const pageMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `{ data: [...], meta: { page, pageSize, total } }`: the body of every list answer. */
export const pageEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: pageMetaSchema });
