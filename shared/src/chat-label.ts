/**
 * docs/chat.md and docs/routes.md, live chat label: the ONE rule for the labels
 * a conversation carries: VIP plus Retail for a VIP retail member, Retail for any other retail
 * member, Wholesale for a wholesale member (VIP or not).
 */
export const chatLabels = (member: {
  kind: 'retail' | 'wholesale';
  userIsVIP?: boolean | null | undefined;
}): ChatLabel[] =>
  member.kind === 'wholesale' ? ['Wholesale'] : member.userIsVIP ? ['VIP', 'Retail'] : ['Retail'];

export const CHAT_LABELS = ['VIP', 'Retail', 'Wholesale'] as const;
export type ChatLabel = (typeof CHAT_LABELS)[number];

/** Labels as Chatwoot-style slugs (`vip`, `retail`, `wholesale`). */
export const labelSlugs = (labels: readonly ChatLabel[]): string[] =>
  labels.map((label) => label.toLowerCase());

/** A member's labels as slugs, derived from `chatLabels`. */
export const chatLabelSlugs = (member: Parameters<typeof chatLabels>[0]): string[] =>
  labelSlugs(chatLabels(member));
