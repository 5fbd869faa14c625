import { formatPrice } from '@mall/shared/money-format';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/FormField.tsx';
import type { Me } from '../admin-api.ts';
import { walletApi } from './wallet-api.ts';
import { CouponForm, DiscountCardForm, PointsForm } from './wallet-forms.tsx';
import { Card, primaryClass, useAction } from './wallet-ui.tsx';

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
  const { busy, run, answer, messages } = useAction(walletApi.issueCards, () => 'The card is issued.');
  const issued = answer?.[0];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run({ face: Number(face), count: 1, years: Number(years) });
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

/** Saves the spreadsheet the server answered under the name it gave. */
const download = ({ blob, name }: { blob: Blob; name: string }) => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

function BatchCashCards() {
  const [face, setFace] = useState('20');
  const [years, setYears] = useState('3');
  const [count, setCount] = useState('10');
  const { busy, run, messages } = useAction(
    walletApi.issueCardSheet,
    ({ name }, { count }) =>
      `${count} cards are issued and ${name} is downloading. It is the only copy of their secrets: keep it safe.`,
    { after: download },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run({ face: Number(face), count: Number(count), years: Number(years) });
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
