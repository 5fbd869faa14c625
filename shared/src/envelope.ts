import { z } from 'zod';

/** Every API answer is wrapped in this envelope (design: Contract). */
export interface Envelope<T> {
  success: boolean;
  code: number;
  message: string;
  data: T;
}

export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    code: z.number().int(),
    message: z.string(),
    data,
  });

export const failureEnvelope = envelopeOf(z.null());

export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const pageOf = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
