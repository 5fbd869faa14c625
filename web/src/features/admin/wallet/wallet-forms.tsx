import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/FormField.tsx';
import { type DiscountRule, walletApi } from './wallet-api.ts';
import { Card, MEMBERS_KEY, numberOf, primaryClass, selectClass, useAction } from './wallet-ui.tsx';

/** The wallet's forms open to support too: points, coupon codes and discount cards. */

export function PointsForm() {
  const [member, setMember] = useState('');
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const { busy, run, messages } = useAction(
    walletApi.adjustPoints,
    (r, v) => `Points of ${v.member}: ${r.balanceBefore} → ${r.balanceAfter}.`,
    {
      after: () => {
        setPoints('');
        setReason('');
      },
      invalidates: MEMBERS_KEY,
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run({ member: member.trim(), points: Number(points), reason });
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

export function CouponForm() {
  const [code, setCode] = useState('');
  const [limit, setLimit] = useState('');
  const { rule, fields } = useRuleFields('coupon');
  const { busy, run, messages } = useAction(
    walletApi.createCoupon,
    (c) => `Coupon ${c.code} is created: ${c.title}. Members claim it with its code.`,
    { after: () => setCode('') },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run({
      ...rule(),
      code: code.trim(),
      ...(numberOf(limit) === undefined ? {} : { limit: numberOf(limit) }),
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

export function DiscountCardForm() {
  const [member, setMember] = useState('');
  const { rule, fields } = useRuleFields('card');
  const { busy, run, messages } = useAction(
    walletApi.giveDiscountCard,
    (c, v) => `${v.member} has a new discount card: ${c.title}.`,
    { invalidates: MEMBERS_KEY },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run({ ...rule(), member: member.trim() });
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
