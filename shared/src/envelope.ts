import { z } from 'zod';
import { REFUSAL_REASON_LIST, type RefusalReason } from './reasons.ts';

/** Every API answer is wrapped in this envelope (docs/calls.md: what every call answers). */
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

/**
 * One field a refusal is about: its path as the client sent it ("postcode", "address.suburb",
 * "id" of the path, "pageSize" of the query) and what is wrong with it, in plain words.
 */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * `data` of a refusal that names fields (a 400 of validation, a 409 of an e-mail already taken,
 * a 404 of an id not found): every field error, in order. Its `message` stays the plain words of
 * the first, "field: message", for clients that only read the message.
 */
export const fieldErrorsSchema = z.object({ errors: z.array(fieldErrorSchema).min(1) });
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** The one line of a field error, as a refusal's `message` says it. */
export const fieldErrorText = (e: FieldError) => `${e.field}: ${e.message}`;

/**
 * Every failure: `data` is null, or the fields the refusal is about; `reason` says why, for
 * clients to branch on (reasons.ts).
 */
export const failureEnvelope = envelopeOf(fieldErrorsSchema.nullable()).extend({
  reason: z.enum(REFUSAL_REASON_LIST),
});

/** A failure as the server sends it. */
export interface FailureEnvelope extends Envelope<FieldErrors | null> {
  success: false;
  reason: RefusalReason;
}

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
