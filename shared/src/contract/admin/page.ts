import { z } from 'zod';

/**
 * Every back-office list asks for a page as the shop's lists do (`pageNum`, `pageSize`) and
 * answers the shop's page shape, `{ records, total, pageNum, pageSize }` (`pageOf` in
 * ../../envelope.ts). Page numbers stop at 100,000 so an offset never grows past what a list
 * can hold.
 */
export const adminPageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminPageQuery = z.infer<typeof adminPageQuery>;

/** A page of `T` as a back-office list answers it. */
export interface Page<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
