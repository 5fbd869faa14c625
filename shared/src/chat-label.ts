/**
 * docs/routes.md, live chat label: the labels the live-chat widget gets for a member: VIP plus Retail for a VIP
 * retail member, Retail for any other retail member, Wholesale for a wholesale member.
 */
export const chatLabels = (member: {
  kind: 'retail' | 'wholesale';
  userIsVIP?: boolean | null | undefined;
}): string[] =>
  member.kind === 'wholesale' ? ['Wholesale'] : member.userIsVIP ? ['VIP', 'Retail'] : ['Retail'];
