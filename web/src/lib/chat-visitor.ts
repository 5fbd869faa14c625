import { chatLabels } from '@mall/shared/chat-label';
import type { Member } from '@mall/shared/contract/account';
import { memberDisplayName } from './member-name.ts';

/** What a live-chat widget is told about the visitor (docs/routes.md: live chat label). */
export interface ChatVisitor {
  name: string;
  email: string;
  phone: string;
  memberNo: string;
  /** VIP plus Retail, Retail, or Wholesale (shared/chat-label). */
  labels: string[];
  company: string | null;
}

/**
 * The signed-in member's details for the live-chat widget, or null for a guest. The shop has no
 * widget yet (live chat is off by default); the chat work feeds this to the one it adds.
 */
export const chatVisitor = (member: Member | null): ChatVisitor | null =>
  member
    ? {
        name: memberDisplayName(member),
        email: member.userAccount,
        phone: member.userPhone,
        memberNo: member.userNo,
        labels: chatLabels(member),
        company: member.kind === 'wholesale' ? member.companyTradingName : null,
      }
    : null;
