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
 * The signed-in member's details for a hosted live-chat widget, or null for a guest. The shop's
 * built-in chat does not use it: its server captures the member's details from the session
 * (docs/chat.md); this is for the hosted-service option, which is not built yet.
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
