import { type FormEvent, useState, useTransition } from 'react';
import { TextField } from '../../components/FormField.tsx';
import { adminApi, adminToken, type Me, messageOf } from './admin-api.ts';

/** The operator's login: name and password, then the 6-digit code when two-factor is on. */
export function AdminLogin({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, startLogin] = useTransition();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    startLogin(async () => {
      try {
        const result = await adminApi.login({ name, password, ...(needsCode ? { code } : {}) });
        if (result.codeRequired || !result.token || !result.operator) {
          setNeedsCode(true);
          return;
        }
        adminToken.set(result.token);
        onSignedIn(result.operator);
      } catch (err) {
        setError(messageOf(err, 'The back office could not be reached.'));
      }
    });
  };

  return (
    <main className="mx-auto mt-16 w-full max-w-sm rounded-xl border border-line bg-white p-8 shadow-sm">
      <h1 className="mb-6 text-xl font-semibold text-ink">Back office login</h1>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextField
          label="Name"
          autoComplete="username"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {needsCode && (
          <TextField
            label="Code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.trim())}
            hint="Two-factor is on for this account: enter the 6-digit code."
            // React focuses the field when it appears (after the first submit), not only at page load.
            autoFocus
          />
        )}
        {error && (
          <p role="alert" className="text-sm text-accent">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          className="h-11 rounded-lg bg-brand font-medium text-white hover:bg-brand-dark disabled:opacity-60"
        >
          {needsCode ? 'Verify and log in' : 'Log in'}
        </button>
      </form>
    </main>
  );
}
