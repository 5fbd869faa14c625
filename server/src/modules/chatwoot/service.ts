import { createHmac } from 'node:crypto';
import { labelSlugs } from '@mall/shared/chat-label';
import type { ChatDetails } from '@mall/shared/contract/chat';
import type { ChatwootIdentity } from '@mall/shared/contract/chatwoot';

/**
 * Chatwoot's widget fed with the member (docs/chat.md: Chatwoot). Chatwoot's identity validation
 * takes a contact's identifier only with its HMAC-SHA256 under the inbox's HMAC token, which only
 * the server holds: a browser cannot make one for another member.
 */

/** The identifier's hash Chatwoot checks (hex). */
export const identifierHashOf = (identifier: string, hmacToken: string): string =>
  createHmac('sha256', hmacToken).update(identifier).digest('hex');

/** A member's contact in Chatwoot: one per member, by their id (never reused). */
export const chatwootIdentifierOf = (memberId: number) => `kauri-member-${memberId}`;

/**
 * The identity, attributes and labels the widget is given for a member whose conversation
 * details are `details` (the same the built-in chat carries).
 */
export const chatwootIdentity = (
  memberId: number,
  details: ChatDetails,
  hmacToken: string,
): ChatwootIdentity => {
  if (details.kind === 'guest') throw new Error('a guest has no Chatwoot identity');
  const identifier = chatwootIdentifierOf(memberId);
  const attributes: Record<string, string | number | boolean | null> = {
    member_no: details.memberNo,
    member_kind: details.kind,
    label: details.labels.join(' '),
    phone: details.phone,
    organisation: details.organisation,
    shop_mode: details.mode,
    page: details.pagePath,
    cart_count: details.cartCount,
    last_order_no: details.lastOrder?.orderNo ?? null,
    last_order_status: details.lastOrder?.status ?? null,
    last_order_at: details.lastOrder?.at ?? null,
  };
  return {
    identifier,
    identifierHash: identifierHashOf(identifier, hmacToken),
    user: { name: details.name, email: details.email },
    // Chatwoot refuses empty values; what a member has not given is left out.
    customAttributes: Object.fromEntries(
      Object.entries(attributes).filter((entry): entry is [string, string | number | boolean] => {
        const v = entry[1];
        return v !== null && v !== '';
      }),
    ),
    // The conversation's labels, already the rule's (chatLabels), as slugs.
    labels: labelSlugs(details.labels),
  };
};
