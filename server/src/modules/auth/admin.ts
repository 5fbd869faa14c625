import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../admin/index.ts';
import { memberProfile, setMemberDisabled } from '../customer/index.ts';
import { listOrders, orderBadgeOf } from '../order/index.ts';
import { walletBalancesOf } from '../wallet/index.ts';
import { type AccountServices, resendMemberCode } from './service.ts';
import { revokeMemberSessions } from './sessions.ts';

/** The back office's members (docs/back-office-members.md): each change audited in its transaction. */

export const NO_SUCH_MEMBER = 'There is no such member.';
const RECENT_ORDERS = 5;

/** A member's profile, their orders per status and latest orders, and what their wallet holds. */
export const memberDetail = async (db: Db, memberId: number) => {
  const profile = await memberProfile(db, memberId);
  if (!profile) throw notFound(NO_SUCH_MEMBER);
  const [orders, recent, wallet] = await Promise.all([
    orderBadgeOf(db, memberId),
    listOrders(db, memberId, { pageNum: 1, pageSize: RECENT_ORDERS }),
    walletBalancesOf(db, memberId),
  ]);
  return {
    profile,
    orders: {
      ...orders,
      total: recent.total,
      recent: recent.records.map((o) => ({
        id: o.id,
        orderNo: o.orderNo,
        status: o.status,
        payStatus: o.payStatus,
        totalAmount: o.totalAmount,
        createdAt: o.createdAt,
      })),
    },
    wallet,
  };
};

/**
 * Disables (every session of the member ends in the same transaction, and the database announces
 * it to every server process) or enables the member. Doing what is already so changes nothing and
 * writes no audit row.
 */
export const setMemberDisabledAs = async (
  services: Pick<AccountServices, 'db' | 'auth'>,
  operatorId: number,
  memberId: number,
  disabled: boolean,
) => {
  const changed = await services.db.transaction(async (tx) => {
    const before = await setMemberDisabled(tx, memberId, disabled);
    if (!before) throw notFound(NO_SUCH_MEMBER);
    if (before.wasDisabled === disabled) return false;
    if (disabled) await revokeMemberSessions(tx, memberId, 'disabled');
    await recordAudit(tx, {
      operatorId,
      action: disabled ? 'member.disable' : 'member.enable',
      subject: `member ${memberId}`,
      before: { disabled: before.wasDisabled },
      after: { disabled },
    });
    return true;
  });
  // This process drops the member's sessions at once; the others hear the database's announcement.
  if (changed && disabled) services.auth.forgetMember(memberId);
  return (await memberProfile(services.db, memberId))!;
};

/** Sends the member a new verification code (auth/service.ts: the members' own limits apply). */
export const resendCodeAs = async (services: AccountServices, operatorId: number, memberId: number) => {
  const profile = await memberProfile(services.db, memberId);
  if (!profile) throw notFound(NO_SUCH_MEMBER);
  if (profile.disabled) throw conflict('This member is disabled: enable them before sending a code.');
  const sent = await resendMemberCode(services, memberId);
  await recordAudit(services.db, {
    operatorId,
    action: 'member.resend-code',
    subject: `member ${memberId}`,
    after: { to: sent.to },
  });
  return sent;
};
