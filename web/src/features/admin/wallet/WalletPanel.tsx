import { formatPrice } from '@mall/shared/money-format';
import { type FormEvent, type ReactNode, useState } from 'react';
import { TextField } from '../../../components/FormField.tsx';
import { AdminApiError, type Me } from '../admin-api.ts';
import { type DiscountRule, type IssuedCard, walletApi } from './wallet-api.ts';

const primaryClass =
  'h-11 rounded-lg bg-brand px-4 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-50';
const selectClass = 'h-11 w-full rounded-lg border border-gray-300 bg-white px-2 text-[15px]';

/** A number typed in a field, or undefined when left empty. */
const numberOf = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** One form of the page: its own busy state, its message and its error. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<ReactNode>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<ReactNode>) => {
    setBusy(true);
    setNotice(null);
    setError(null);
    try {
      setNotice(await work());
      return true;
    } catch (err) {
      setError(err instanceof AdminApiError ? err.message : 'This could not be done. Please try again.');
      return false;
    } finally {
      setBusy(false);
    }
  };
  const messages = (
    <div aria-live="polite">
      {notice && (
        <div role="status" className="text-sm text-brand">
          {notice}
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-accent">
          {error}
        </p>
      )}
    </div>
  );
  return { busy, run, messages };
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-xl border border-line bg-white p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Wallet: cash cards (owner), coupons, discount cards and points adjustments (owner, support). */
export function WalletPanel({ me }: { me: Me }) {
  return (
    <section aria-labelledby="wallet-title" className="flex flex-col gap-6">
      <h1 id="wallet-title" className="text-xl font-semibold text-ink">
        Wallet
      </h1>
      {me.role === 'owner' && (
        <div className="grid gap-6 xl:grid-cols-2">
          <SingleCashCard />
          <BatchCashCards />
        </div>
      )}
      <div className="grid gap-6 xl:grid-cols-2">
        <PointsForm />
        <CouponForm />
        <DiscountCardForm />
      </div>
    </section>
  );
}

function CardFields({
  face,
  setFace,
  years,
  setYears,
  prefix,
}: {
  face: string;
  setFace: (v: string) => void;
  years: string;
  setYears: (v: string) => void;
  prefix: string;
}) {
  return (
    <>
      <TextField
        id={`${prefix}-face`}
        label="Face value (NZD)"
        inputMode="decimal"
        required
        value={face}
        onChange={(e) => setFace(e.target.value)}
      />
      <TextField
        id={`${prefix}-years`}
        label="Years it lasts"
        hint="At least 3 (Fair Trading Act)."
        inputMode="numeric"
        required
        value={years}
        onChange={(e) => setYears(e.target.value)}
      />
    </>
  );
}

function SingleCashCard() {
  const [face, setFace] = useState('50');
  const [years, setYears] = useState('3');
  const [issued, setIssued] = useState<IssuedCard | null>(null);
  const { busy, run, messages } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setIssued(null);
    void run(async () => {
      const [card] = await walletApi.issueCards({ face: Number(face), count: 1, years: Number(years) });
      setIssued(card!);
      return 'The card is issued.';
    });
  };
  return (
    <Card title="Issue one cash card" id="single-card-title">
      <form onSubmit={submit} className="grid grid-cols-2 gap-4" aria-label="Issue one cash card">
        <CardFields face={face} setFace={setFace} years={years} setYears={setYears} prefix="single" />
        <button type="submit" className={`${primaryClass} col-span-2 justify-self-start`} disabled={busy}>
          {busy ? 'Issuing…' : 'Issue card'}
        </button>
      </form>
      {messages}
      {issued && (
        <section
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm"
          aria-label="The new card"
        >
          <p className="mb-2 font-semibold">Write these down now: the secret is shown only this once.</p>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt>Card number</dt>
            <dd className="font-mono" data-testid="issued-card-no">
              {issued.cardNo}
            </dd>
            <dt>Secret</dt>
            <dd className="font-mono" data-testid="issued-card-secret">
              {issued.secret}
            </dd>
            <dt>Value</dt>
            <dd>{formatPrice(issued.faceValue)}</dd>
            <dt>Expires</dt>
            <dd>{new Date(issued.expiresAt).toLocaleDateString('en-NZ')}</dd>
          </dl>
        </section>
      )}
    </Card>
  );
}

function BatchCashCards() {
  const [face, setFace] = useState('20');
  const [years, setYears] = useState('3');
  const [count, setCount] = useState('10');
  const { busy, run, messages } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const { blob, name } = await walletApi.issueCardSheet({
        face: Number(face),
        count: Number(count),
        years: Number(years),
      });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return `${count} cards are issued and ${name} is downloading. It is the only copy of their secrets: keep it safe.`;
    });
  };
  return (
    <Card title="Issue a batch of cash cards" id="batch-cards-title">
      <p className="text-sm text-muted">
        The cards and their secrets come as a spreadsheet, downloaded once. Nobody can read the secrets again.
      </p>
      <form onSubmit={submit} className="grid grid-cols-3 gap-4" aria-label="Issue a batch of cash cards">
        <TextField
          id="batch-count"
          label="How many (1 to 1000)"
          inputMode="numeric"
          required
          value={count}
          onChange={(e) => setCount(e.target.value)}
        />
        <CardFields face={face} setFace={setFace} years={years} setYears={setYears} prefix="batch" />
        <button type="submit" className={`${primaryClass} col-span-3 justify-self-start`} disabled={busy}>
          {busy ? 'Issuing…' : 'Issue and download'}
        </button>
      </form>
      {messages}
    </Card>
  );
}

function PointsForm() {
  const [member, setMember] = useState('');
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const { busy, run, messages } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const r = await walletApi.adjustPoints({ member: member.trim(), points: Number(points), reason });
      setPoints('');
      setReason('');
      return `Points of ${member}: ${r.balanceBefore} → ${r.balanceAfter}.`;
    });
  };
  return (
    <Card title="Adjust points" id="points-title">
      <form onSubmit={submit} className="grid grid-cols-2 gap-4" aria-label="Adjust points">
        <TextField
          label="Member's e-mail"
          type="email"
          required
          value={member}
          onChange={(e) => setMember(e.target.value)}
        />
        <TextField
          label="Points"
          hint="Negative to take points; a balance never goes below 0."
          inputMode="numeric"
          required
          value={points}
          onChange={(e) => setPoints(e.target.value)}
        />
        <TextField
          className="col-span-2"
          label="Reason"
          required
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <button type="submit" className={`${primaryClass} justify-self-start`} disabled={busy}>
          {busy ? 'Saving…' : 'Adjust points'}
        </button>
      </form>
      {messages}
    </Card>
  );
}

/** The fields of a discount rule: a percentage or an amount off, a minimum spend, how long, from when. */
function useRuleFields(prefix: string) {
  const [kind, setKind] = useState<'percent' | 'amount'>('amount');
  const [value, setValue] = useState('');
  const [min, setMin] = useState('');
  const [days, setDays] = useState('30');
  const [starts, setStarts] = useState('');
  const [title, setTitle] = useState('');
  const rule = (): DiscountRule => ({
    ...(kind === 'percent' ? { percent: numberOf(value) } : { amount: numberOf(value) }),
    ...(numberOf(min) === undefined ? {} : { min: numberOf(min) }),
    days: Number(days),
    ...(starts ? { starts } : {}),
    ...(title.trim() ? { title: title.trim() } : {}),
  });
  const fields = (
    <>
      <div>
        <label htmlFor={`${prefix}-kind`} className="mb-1.5 block text-sm font-medium text-ink">
          Discount
        </label>
        <select
          id={`${prefix}-kind`}
          className={selectClass}
          value={kind}
          onChange={(e) => setKind(e.target.value as 'percent' | 'amount')}
        >
          <option value="amount">Amount off (NZD)</option>
          <option value="percent">Percentage off</option>
        </select>
      </div>
      <TextField
        id={`${prefix}-value`}
        label={kind === 'percent' ? 'Percent off' : 'Amount off (NZD)'}
        inputMode="decimal"
        required
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <TextField
        id={`${prefix}-min`}
        label="Minimum spend (NZD)"
        optional
        inputMode="decimal"
        value={min}
        onChange={(e) => setMin(e.target.value)}
      />
      <TextField
        id={`${prefix}-days`}
        label="Days it lasts"
        inputMode="numeric"
        required
        value={days}
        onChange={(e) => setDays(e.target.value)}
      />
      <TextField
        id={`${prefix}-starts`}
        label="Starts"
        optional
        type="date"
        hint="Midnight in New Zealand; today when empty."
        value={starts}
        onChange={(e) => setStarts(e.target.value)}
      />
      <TextField
        id={`${prefix}-title`}
        label="Title"
        optional
        maxLength={80}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
    </>
  );
  return { rule, fields };
}

function CouponForm() {
  const [code, setCode] = useState('');
  const [limit, setLimit] = useState('');
  const { rule, fields } = useRuleFields('coupon');
  const { busy, run, messages } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const c = await walletApi.createCoupon({
        ...rule(),
        code: code.trim(),
        ...(numberOf(limit) === undefined ? {} : { limit: numberOf(limit) }),
      });
      setCode('');
      return `Coupon ${c.code} is created: ${c.title}. Members claim it with its code.`;
    });
  };
  return (
    <Card title="Create a coupon code" id="coupon-title">
      <form onSubmit={submit} className="grid grid-cols-2 gap-4" aria-label="Create a coupon code">
        <TextField
          label="Code"
          hint="Letters, digits and dashes."
          required
          maxLength={40}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <TextField
          label="How many members may claim it"
          optional
          inputMode="numeric"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
        />
        {fields}
        <button type="submit" className={`${primaryClass} justify-self-start`} disabled={busy}>
          {busy ? 'Creating…' : 'Create coupon'}
        </button>
      </form>
      {messages}
    </Card>
  );
}

function DiscountCardForm() {
  const [member, setMember] = useState('');
  const { rule, fields } = useRuleFields('card');
  const { busy, run, messages } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const c = await walletApi.giveDiscountCard({ ...rule(), member: member.trim() });
      return `${member} has a new discount card: ${c.title}.`;
    });
  };
  return (
    <Card title="Give a discount card" id="discount-card-title">
      <form onSubmit={submit} className="grid grid-cols-2 gap-4" aria-label="Give a discount card">
        <TextField
          className="col-span-2"
          label="Member's e-mail"
          type="email"
          required
          value={member}
          onChange={(e) => setMember(e.target.value)}
        />
        {fields}
        <button type="submit" className={`${primaryClass} justify-self-start`} disabled={busy}>
          {busy ? 'Giving…' : 'Give discount card'}
        </button>
      </form>
      {messages}
    </Card>
  );
}
