import { z } from 'zod';

/**
 * The hosted chat option (CHAT_PROVIDER=chatwoot; docs/chat.md: Chatwoot): the shop loads
 * Chatwoot's widget instead of its own chat and feeds it who the member is. The member's identity
 * comes from the server, signed with the inbox's HMAC token (Chatwoot's identity validation), so
 * nobody can pose as a member from the browser.
 */
export const CHATWOOT_CALLS = {
  identity: '/chat/chatwoot/identity',
} as const;

/** Where the widget's script is on a Chatwoot server. */
export const chatwootSdkUrl = (baseUrl: string) => `${baseUrl}/packs/js/sdk.js`;

export const chatwootIdentityQuery = z.object({
  pagePath: z.string().max(500, 'must be at most 500 characters').optional(),
  cartCount: z.coerce.number().int().min(0).max(100_000).optional(),
});

/** A custom attribute's value as Chatwoot keeps it. */
const attribute = z.union([z.string(), z.number(), z.boolean()]);

/** GET /api/chat/chatwoot/identity: what the widget is given for the signed-in member. */
export const chatwootIdentitySchema = z.object({
  identifier: z.string(),
  /** HMAC-SHA256 of `identifier` with the inbox's HMAC token, hex. */
  identifierHash: z.string().regex(/^[0-9a-f]{64}$/),
  user: z.object({ name: z.string(), email: z.string() }),
  customAttributes: z.record(z.string(), attribute),
  /** The chat labels (docs/chat.md) as Chatwoot labels: `vip`, `retail`, `wholesale`. */
  labels: z.array(z.string()),
});
export type ChatwootIdentity = z.infer<typeof chatwootIdentitySchema>;
