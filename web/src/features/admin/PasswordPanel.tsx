import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/FormField.tsx';
import { adminApi, messageOf } from './admin-api.ts';

/** The operator's own password: the current one, then the new one twice. Their other logins end. */
export function PasswordPanel() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const mismatch = again !== '' && again !== next;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mismatch) return;
    setError(null);
    setDone(false);
    setBusy(true);
    try {
      await adminApi.changePassword(current, next);
      setDone(true);
      setCurrent('');
      setNext('');
      setAgain('');
    } catch (err) {
      setError(messageOf(err, 'The password could not be changed.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="password-title" className="flex max-w-md flex-col gap-4">
      <h1 id="password-title" className="text-xl font-semibold text-ink">
        My password
      </h1>
      <p className="text-sm text-muted">
        Changing it ends your logins in other browsers; this one stays signed in.
      </p>
      <form onSubmit={submit} className="flex flex-col gap-4 rounded-xl border border-line bg-white p-6">
        <TextField
          label="Current password"
          type="password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          autoComplete="current-password"
          required
        />
        <TextField
          label="New password"
          type="password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          hint="At least 10 characters."
          minLength={10}
          maxLength={128}
          autoComplete="new-password"
          required
        />
        <TextField
          label="New password again"
          type="password"
          value={again}
          onChange={(e) => setAgain(e.target.value)}
          error={mismatch ? 'The two new passwords are not the same.' : undefined}
          autoComplete="new-password"
          required
        />
        <button
          type="submit"
          disabled={busy}
          className="h-11 rounded-lg bg-brand font-medium text-white hover:bg-brand-dark disabled:opacity-60"
        >
          Change password
        </button>
        <div aria-live="polite">
          {done && (
            <p role="status" className="text-sm text-brand">
              Your password is changed. Your other logins have ended.
            </p>
          )}
          {error && (
            <p role="alert" className="text-sm text-accent">
              {error}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
