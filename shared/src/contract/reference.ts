import { z } from 'zod';

/** A supplier. `websiteUrl` is the external shop site used by store-mode top-nav links. */
export const supplierSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  self: z.boolean(),
  websiteUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const organisationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(['warehouse', 'store']),
  /** Code of the `nz_region` dictionary item the organisation is in (its `group` is the island). */
  region: z.string(),
  address: z.string(),
  phone: z.string(),
  openHours: z.string(),
});
export type Organisation = z.infer<typeof organisationSchema>;

/**
 * Dictionary and enumeration lists (docs/calls.md: reference data), a tree of code with children that have code and name.
 * `group` optionally groups the items of one list, e.g. the island ('north' | 'south') of an NZ region.
 */
export const codeItemSchema = z.object({
  code: z.string(),
  name: z.string(),
  group: z.string().nullable().optional(),
});
export const codeTreeSchema = z.object({
  code: z.string(),
  name: z.string(),
  children: z.array(codeItemSchema),
});
export type CodeItem = z.infer<typeof codeItemSchema>;
export type CodeTree = z.infer<typeof codeTreeSchema>;
