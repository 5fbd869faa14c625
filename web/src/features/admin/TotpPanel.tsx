import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/FormField.tsx';
import { adminApi, type Me, messageOf } from './admin-api.ts';

/** The operator's own two-factor: scan a QR with an authenticator app, confirm with a code. */
export function TotpPanel({ me, onChanged }: { me: Me; onChanged: (me: Me) => void }) {
  const [enrolment, setEnrolment] = useState<{ secret: string; qr: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setError(null);
    try {
      setEnrolment(await adminApi.startTotp());
    } catch (err) {
      setError(messageOf(err, 'Two-factor could not be started.'));
    }
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const updated = await adminApi.confirmTotp(code);
      setEnrolment(null);
      onChanged({ ...me, totp: updated.totp });
    } catch (err) {
      setError(messageOf(err, 'The code could not be checked.'));
    }
  };

  return (
    <section aria-labelledby="totp-title" className="flex max-w-lg flex-col gap-4">
      <h1 id="totp-title" className="text-xl font-semibold text-ink">
        Two-factor login
      </h1>
      {me.totp ? (
        <p role="status" className="text-brand">
          Two-factor is on: every login asks for a code from your authenticator app.
        </p>
      ) : enrolment ? (
        <form onSubmit={confirm} className="flex flex-col gap-4">
          <p>Scan this QR code with your authenticator app, then enter the 6-digit code it shows.</p>
          <img
            src={enrolment.qr}
            alt="QR code to add this account to your authenticator app"
            width={240}
            height={240}
          />
          <p className="text-sm text-muted">
            Cannot scan it? Enter this key by hand:{' '}
            <code className="break-all text-ink">{enrolment.secret}</code>
          </p>
          <TextField
            label="Code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.trim())}
            required
          />
          <button
            type="submit"
            className="h-11 rounded-lg bg-brand font-medium text-white hover:bg-brand-dark"
          >
            Turn on two-factor
          </button>
        </form>
      ) : (
        <>
          <p>Two-factor is off. With it on, a stolen password alone cannot open your account.</p>
          <button
            type="button"
            onClick={() => void start()}
            className="h-11 self-start rounded-lg bg-brand px-4 font-medium text-white hover:bg-brand-dark"
          >
            Set up two-factor
          </button>
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-accent">
          {error}
        </p>
      )}
    </section>
  );
}
