import { describe, expect, it } from 'vitest';
import { chatVisitor } from '../src/lib/chat-visitor.ts';
import { retailMember, wholesaleMember } from './account-fixtures.ts';

describe('the live-chat visitor (docs/routes.md: live chat label)', () => {
  it('labels VIP retail members VIP plus Retail, other retail members Retail, wholesale Wholesale', () => {
    expect(chatVisitor(retailMember({ userIsVIP: true }))?.labels).toEqual(['VIP', 'Retail']);
    expect(chatVisitor(retailMember({ userIsVIP: false }))?.labels).toEqual(['Retail']);
    expect(chatVisitor(wholesaleMember({ userIsVIP: true }))?.labels).toEqual(['Wholesale']);
  });

  it("carries the member's details, and nothing for a guest", () => {
    expect(chatVisitor(wholesaleMember())).toEqual({
      name: 'Tui Traders Ltd',
      email: 'buying@tuitraders.co.nz',
      phone: '093334444',
      memberNo: 'W000045',
      labels: ['Wholesale'],
      company: 'Tui Traders Ltd',
    });
    expect(chatVisitor(null)).toBeNull();
  });
});
