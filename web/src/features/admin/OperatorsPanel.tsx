import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/FormField.tsx';
import {
  adminApi,
  type Me,
  messageOf,
  OPERATOR_ROLES,
  type OperatorRole,
  operatorKeys,
  ROLE_LABEL,
} from './admin-api.ts';

/** Under a password an owner sets for another operator (the operators' rule: 10 to 128 characters). */
const PASSWORD_HINT = 'At least 10 characters. Give it to them in person.';
const selectClass = 'h-10 rounded-lg border border-gray-300 bg-white px-2 text-[15px] text-ink';
const buttonClass =
  'h-10 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-ink hover:bg-gray-50';

/**
 * The owner's operators page: every operator, adding one, changing a role, disabling and
 * enabling, and resetting another operator's access (a new password, two-factor off).
 */
export function OperatorsPanel({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const { data: operators, error: loadError } = useQuery({
    queryKey: operatorKeys.operators,
    queryFn: adminApi.operators,
  });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [resetId, setResetId] = useState('');
  const [resetPassword, setResetPassword] = useState('');

  const run = async (work: () => Promise<unknown>, done: string) => {
    setError(null);
    setNotice(null);
    try {
      await work();
      setNotice(done);
      await queryClient.invalidateQueries({ queryKey: operatorKeys.operators });
      return true;
    } catch (err) {
      setError(messageOf(err, 'The change could not be saved.'));
      return false;
    }
  };

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const created = await run(
      () => adminApi.createOperator({ name, password, role }),
      `Operator ${name} is added.`,
    );
    if (created) {
      setName('');
      setPassword('');
    }
  };

  const others = operators?.filter((o) => o.id !== me.id) ?? [];
  const resetAccess = async (e: FormEvent) => {
    e.preventDefault();
    const target = others.find((o) => String(o.id) === resetId);
    if (!target) {
      setNotice(null);
      setError('Choose the operator whose access to reset.');
      return;
    }
    const done = await run(
      () => adminApi.resetAccess(target.id, resetPassword),
      `${target.name} has a new password and two-factor off; their logins have ended.`,
    );
    if (done) setResetPassword('');
  };

  return (
    <section aria-labelledby="operators-title" className="flex flex-col gap-6">
      <h1 id="operators-title" className="text-xl font-semibold text-ink">
        Operators
      </h1>
      <div aria-live="polite">
        {notice && (
          <p role="status" className="text-sm text-brand">
            {notice}
          </p>
        )}
        {(error ?? loadError) && (
          <p role="alert" className="text-sm text-accent">
            {error ?? messageOf(loadError, 'The operators could not be loaded.')}
          </p>
        )}
      </div>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Every operator, their role and whether they may log in</caption>
        <thead>
          <tr className="border-b border-line text-muted">
            <th scope="col" className="py-2">
              Name
            </th>
            <th scope="col">Role</th>
            <th scope="col">Two-factor</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {operators?.map((o) => {
            const self = o.id === me.id;
            return (
              <tr key={o.id} className="border-b border-line" data-operator={o.name}>
                <th scope="row" className="py-2 font-medium text-ink">
                  {o.name}
                  {self && <span className="ml-1 text-muted">(you)</span>}
                </th>
                <td>
                  {self ? (
                    ROLE_LABEL[o.role]
                  ) : (
                    <select
                      aria-label={`Role of ${o.name}`}
                      className={selectClass}
                      value={o.role}
                      onChange={(e) =>
                        void run(
                          () => adminApi.updateOperator(o.id, { role: e.target.value as OperatorRole }),
                          `${o.name} is now ${ROLE_LABEL[e.target.value as OperatorRole]}.`,
                        )
                      }
                    >
                      {OPERATOR_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {ROLE_LABEL[r]}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
                <td>{o.totp ? 'On' : 'Off'}</td>
                <td>{o.disabled ? 'Disabled' : 'Active'}</td>
                <td className="text-right">
                  {!self && (
                    <button
                      type="button"
                      className={buttonClass}
                      onClick={() =>
                        void run(
                          () => adminApi.updateOperator(o.id, { disabled: !o.disabled }),
                          `${o.name} is ${o.disabled ? 'enabled' : 'disabled'}.`,
                        )
                      }
                    >
                      {o.disabled ? `Enable ${o.name}` : `Disable ${o.name}`}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>

      <form
        onSubmit={create}
        className="flex max-w-md flex-col gap-4 rounded-xl border border-line bg-white p-6"
      >
        <h2 className="text-lg font-semibold text-ink">Add an operator</h2>
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          hint="2 to 40 letters, digits, dots, dashes or underscores."
          autoComplete="off"
          required
        />
        <TextField
          label="Password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={PASSWORD_HINT}
          autoComplete="new-password"
          required
        />
        <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
          Role
          <select
            className={selectClass}
            value={role}
            onChange={(e) => setRole(e.target.value as OperatorRole)}
          >
            {OPERATOR_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="h-11 rounded-lg bg-brand font-medium text-white hover:bg-brand-dark">
          Add operator
        </button>
      </form>

      {others.length > 0 && (
        <form
          onSubmit={resetAccess}
          className="flex max-w-md flex-col gap-4 rounded-xl border border-line bg-white p-6"
        >
          <h2 className="text-lg font-semibold text-ink">Reset an operator's access</h2>
          <p className="text-sm text-muted">
            For a forgotten password or a lost authenticator: they get the new password, two-factor is turned
            off (they enrol again), and their logins end at once.
          </p>
          <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
            Operator
            <select
              className={selectClass}
              value={resetId}
              onChange={(e) => setResetId(e.target.value)}
              required
            >
              <option value="">Choose an operator</option>
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
          <TextField
            label="New password"
            type="password"
            value={resetPassword}
            onChange={(e) => setResetPassword(e.target.value)}
            hint={PASSWORD_HINT}
            autoComplete="new-password"
            required
          />
          <button
            type="submit"
            className="h-11 rounded-lg bg-brand font-medium text-white hover:bg-brand-dark"
          >
            Reset access
          </button>
        </form>
      )}
    </section>
  );
}
