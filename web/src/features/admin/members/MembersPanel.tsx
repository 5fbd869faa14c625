import { ORDER_STATUS } from '@mall/shared/codes';
import { formatPrice } from '@mall/shared/money-format';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { TextField } from '../../../components/FormField.tsx';
import { AdminPager } from '../AdminPager.tsx';
import { AdminApiError } from '../admin-api.ts';
import { type MemberDetail, type MemberPage, type MemberSearch, membersApi } from './members-api.ts';

const PAGE_SIZE = 20;
const buttonClass =
  'h-10 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-ink hover:bg-gray-50 disabled:opacity-50';
const primaryClass =
  'h-11 rounded-lg bg-brand px-4 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-50';
const EMPTY: MemberSearch = { memberNo: '', email: '', phone: '', name: '', kind: '' };

const STATUS_LABEL: Record<string, string> = {
  [ORDER_STATUS.pendingPayment]: 'Waiting for payment',
  [ORDER_STATUS.toShip]: 'To ship',
  [ORDER_STATUS.shipped]: 'Shipped',
  [ORDER_STATUS.completed]: 'Completed',
  [ORDER_STATUS.cancelled]: 'Cancelled',
};

const messageOf = (err: unknown, fallback: string) => (err instanceof AdminApiError ? err.message : fallback);
const day = (iso: string) => new Date(iso).toLocaleDateString('en-NZ');

/** Members: search, a page of results, and one member's detail with disable/enable and resend (owner, support). */
export function MembersPanel() {
  const [form, setForm] = useState<MemberSearch>(EMPTY);
  const [search, setSearch] = useState<MemberSearch>(EMPTY);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MemberPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setData(await membersApi.search(search, page, PAGE_SIZE));
    } catch (err) {
      // No results shown under the error: they would be those of another search.
      setData(null);
      setError(messageOf(err, 'The members could not be loaded.'));
    } finally {
      setLoading(false);
    }
  }, [search, page]);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setSearch({ ...form });
  };
  const field = (key: keyof MemberSearch) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <section aria-labelledby="members-title" className="flex flex-col gap-6">
      <h1 id="members-title" className="text-xl font-semibold text-ink">
        Members
      </h1>
      <form
        onSubmit={submit}
        aria-label="Search members"
        className="grid grid-cols-2 gap-4 rounded-xl border border-line bg-white p-4 lg:grid-cols-6"
      >
        <TextField label="Member number" placeholder="R000123" {...field('memberNo')} maxLength={11} />
        <TextField label="E-mail starts with" {...field('email')} maxLength={254} />
        <TextField label="Phone starts with" inputMode="numeric" {...field('phone')} maxLength={20} />
        <TextField label="Name starts with" {...field('name')} maxLength={80} />
        <div>
          <label htmlFor="member-kind" className="mb-1.5 block text-sm font-medium text-ink">
            Kind
          </label>
          <select
            id="member-kind"
            className="h-11 w-full rounded-lg border border-gray-300 bg-white px-2 text-[15px]"
            value={form.kind}
            onChange={(e) => setForm({ ...form, kind: e.target.value as MemberSearch['kind'] })}
          >
            <option value="">Any</option>
            <option value="retail">Retail</option>
            <option value="wholesale">Wholesale</option>
          </select>
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className={primaryClass}>
            Search
          </button>
          <button
            type="button"
            className={buttonClass}
            onClick={() => {
              setForm(EMPTY);
              setSearch(EMPTY);
              setPage(1);
            }}
          >
            Clear
          </button>
        </div>
      </form>

      {error && (
        <p role="alert" className="text-sm text-accent">
          {error}
        </p>
      )}
      <div
        aria-busy={loading}
        className="rounded-xl border border-line bg-white p-4"
        hidden={!loading && !data}
      >
        {loading && !data ? (
          <p className="text-muted">Loading members…</p>
        ) : !data ? null : data.list.length === 0 ? (
          <p className="text-muted">No member matches this search.</p>
        ) : (
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Members found</caption>
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className="py-2">
                  Member number
                </th>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Phone</th>
                <th scope="col">Kind</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Open</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data?.list.map((m) => (
                <tr key={m.id} className="border-b border-line" data-member-id={m.id}>
                  <td className="py-2 font-mono">{m.memberNo}</td>
                  <td>{m.name}</td>
                  <td className="break-all">{m.email}</td>
                  <td>{m.phone || '—'}</td>
                  <td className="capitalize">{m.kind}</td>
                  <td>{m.disabled ? <span className="text-accent">Disabled</span> : 'Active'}</td>
                  <td className="text-right">
                    <button
                      type="button"
                      className={buttonClass}
                      aria-label={`Open ${m.memberNo}`}
                      onClick={() => setOpenId(m.id)}
                    >
                      Open
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {data && data.total > 0 && (
          <AdminPager
            label="Member pages"
            className="mt-4 text-sm"
            page={page}
            onPage={setPage}
            canNext={page < pages || (data.more && data.list.length === PAGE_SIZE)}
          >
            Page {page} of {data.more ? `${pages}+` : pages} ·{' '}
            {data.more
              ? `more than ${data.total.toLocaleString('en-NZ')} members`
              : `${data.total} member${data.total === 1 ? '' : 's'}`}
          </AdminPager>
        )}
      </div>
      {openId !== null && (
        <MemberDetailView key={openId} id={openId} onClose={() => setOpenId(null)} onChanged={load} />
      )}
    </section>
  );
}

function MemberDetailView({
  id,
  onClose,
  onChanged,
}: {
  id: number;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [detail, setDetail] = useState<MemberDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    membersApi.detail(id).then(
      (d) => live && setDetail(d),
      (err: unknown) => live && setError(messageOf(err, 'This member could not be loaded.')),
    );
    return () => {
      live = false;
    };
  }, [id]);

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setNotice(await work());
    } catch (err) {
      setError(messageOf(err, 'The change could not be made.'));
    } finally {
      setBusy(false);
    }
  };
  const toggle = () =>
    act(async () => {
      const disabled = !detail!.profile.disabled;
      const profile = await membersApi.setDisabled(id, disabled);
      setDetail({ ...detail!, profile });
      onChanged();
      return disabled
        ? `${profile.memberNo} is disabled: their logins have ended and they cannot log in.`
        : `${profile.memberNo} is enabled: they can log in again.`;
    });
  const resend = () =>
    act(async () => {
      const sent = await membersApi.resendCode(id);
      return `A verification code was sent to ${sent.to}. With it they can set a new password ("Forgot password"). Another can be sent after ${sent.resendAfterSeconds} s.`;
    });

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
      {!detail && !error && <p className="text-muted">Loading the member…</p>}
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
                onClick={() => void resend()}
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
          void toggle();
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
