import { ORDER_STATUS } from '@mall/shared/codes';
import { formatPrice } from '@mall/shared/money-format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { messageOf } from '../admin-api.ts';
import { type MemberDetail, membersApi, membersKeys } from './members-api.ts';
import { buttonClass } from './members-ui.ts';

const STATUS_LABEL: Record<string, string> = {
  [ORDER_STATUS.pendingPayment]: 'Waiting for payment',
  [ORDER_STATUS.toShip]: 'To ship',
  [ORDER_STATUS.shipped]: 'Shipped',
  [ORDER_STATUS.completed]: 'Completed',
  [ORDER_STATUS.cancelled]: 'Cancelled',
};

const day = (iso: string) => new Date(iso).toLocaleDateString('en-NZ');

/** One member's profile, orders and wallet, with disable/enable and a new verification code. */
export function MemberDetailView({ id, onClose }: { id: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({
    queryKey: membersKeys.detail(id),
    queryFn: ({ signal }) => membersApi.detail(id, signal),
  });
  const detail = query.data;
  /** Disabling or enabling, or sending a code: what it says when done. */
  const action = useMutation({
    mutationFn: async (what: 'toggle' | 'resend') => {
      if (what === 'resend') {
        const sent = await membersApi.resendCode(id);
        return `A verification code was sent to ${sent.to}. With it they can set a new password ("Forgot password"). Another can be sent after ${sent.resendAfterSeconds} s.`;
      }
      const disabled = !detail!.profile.disabled;
      const profile = await membersApi.setDisabled(id, disabled);
      queryClient.setQueryData(
        membersKeys.detail(id),
        (d: MemberDetail | undefined) => d && { ...d, profile },
      );
      // The search's rows show whether each member is disabled.
      void queryClient.invalidateQueries({
        queryKey: membersKeys.all,
        predicate: (q) => q.queryKey[2] === 'search',
      });
      return disabled
        ? `${profile.memberNo} is disabled: their logins have ended and they cannot log in.`
        : `${profile.memberNo} is enabled: they can log in again.`;
    },
  });
  const busy = action.isPending;
  const notice = action.data;
  const error = action.isError
    ? messageOf(action.error, 'The change could not be made.')
    : query.isError
      ? messageOf(query.error, 'This member could not be loaded.')
      : null;

  const p = detail?.profile;
  return (
    <section aria-labelledby="member-detail-title" className="rounded-xl border border-line bg-white p-6">
      <div className="mb-4 flex items-center justify-between">
        <h2 id="member-detail-title" className="text-lg font-semibold">
          {p ? `${p.memberNo} · ${p.name}` : 'Member'}
        </h2>
        <button type="button" className={buttonClass} onClick={onClose}>
          Close
        </button>
      </div>
      <div aria-live="polite">
        {notice && (
          <p role="status" className="mb-3 text-sm text-brand">
            {notice}
          </p>
        )}
        {error && (
          <p role="alert" className="mb-3 text-sm text-accent">
            {error}
          </p>
        )}
      </div>
      {!detail && !query.isError && <p className="text-muted">Loading the member…</p>}
      {detail && p && (
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr_2fr]">
          <div>
            <h3 className="mb-2 font-semibold">Profile</h3>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">Kind</dt>
              <dd className="capitalize">{p.kind}</dd>
              <dt className="text-muted">E-mail</dt>
              <dd className="min-w-0 break-all">{p.email}</dd>
              <dt className="text-muted">Phone</dt>
              <dd>{p.phone || '—'}</dd>
              {p.kind === 'wholesale' && (
                <>
                  <dt className="text-muted">Company</dt>
                  <dd>{p.companyTradingName}</dd>
                  <dt className="text-muted">NZBN</dt>
                  <dd>{p.nzbn}</dd>
                </>
              )}
              <dt className="text-muted">Address</dt>
              <dd>{p.address || '—'}</dd>
              <dt className="text-muted">Joined</dt>
              <dd>{day(p.createdAt)}</dd>
              <dt className="text-muted">Club</dt>
              <dd>
                {p.kind === 'wholesale'
                  ? 'Not for wholesale members'
                  : p.club
                    ? p.clubUntil
                      ? `Member until ${day(p.clubUntil)}`
                      : 'Member, no end date'
                    : 'Not a member'}
              </dd>
              <dt className="text-muted">Status</dt>
              <dd>
                {p.disabled ? (
                  <span className="text-accent">Disabled since {day(p.disabledAt!)}</span>
                ) : (
                  'Active'
                )}
              </dd>
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonClass}
                disabled={busy}
                onClick={() => setConfirming(true)}
              >
                {p.disabled ? 'Enable member' : 'Disable member'}
              </button>
              <button
                type="button"
                className={buttonClass}
                disabled={busy || p.disabled}
                onClick={() => action.mutate('resend')}
              >
                Send a verification code
              </button>
            </div>
          </div>
          <div>
            <h3 className="mb-2 font-semibold">Orders ({detail.orders.total})</h3>
            <p className="mb-2 text-sm text-muted">
              {detail.orders.pendingPayment} waiting for payment · {detail.orders.toShip} to ship ·{' '}
              {detail.orders.shipped} shipped · {detail.orders.completed} completed ·{' '}
              {detail.orders.cancelled} cancelled
            </p>
            {detail.orders.recent.length === 0 ? (
              <p className="text-sm text-muted">No orders yet.</p>
            ) : (
              <ul className="text-sm">
                {detail.orders.recent.map((o) => (
                  <li key={o.id} className="flex justify-between border-b border-line py-1">
                    <span className="font-mono">{o.orderNo}</span>
                    <span>{STATUS_LABEL[o.status] ?? o.status}</span>
                    <span>{formatPrice(o.totalAmount)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div>
            <h3 className="mb-2 font-semibold">Wallet</h3>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">Points</dt>
              <dd>{detail.wallet.points}</dd>
              <dt className="text-muted">Cash cards</dt>
              <dd>{formatPrice(detail.wallet.cashCents / 100)}</dd>
              <dt className="text-muted">Coupons</dt>
              <dd>{detail.wallet.coupons}</dd>
              <dt className="text-muted">Discount cards</dt>
              <dd>{detail.wallet.discountCards}</dd>
            </dl>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={p?.disabled ? 'Enable this member?' : 'Disable this member?'}
        message={
          p?.disabled
            ? `${p?.memberNo} will be able to log in again.`
            : `${p?.memberNo} will be logged out everywhere at once and cannot log in until enabled.`
        }
        confirmLabel={p?.disabled ? 'Enable' : 'Disable'}
        onConfirm={() => {
          setConfirming(false);
          action.mutate('toggle');
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
