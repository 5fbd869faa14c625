import type { Member } from '@mall/shared/contract/account';

/** The name the header shows: the trading name for wholesale members, the user name otherwise. */
export const memberDisplayName = (member: Partial<Member> | null): string => {
  if (!member) return 'My account';
  const wholesale = member.kind === 'wholesale' ? member.companyTradingName : undefined;
  const name = [wholesale, member.userName, member.userAccount].find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  return name?.trim() ?? 'My account';
};
