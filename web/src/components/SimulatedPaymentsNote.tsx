import { appConfig } from '../lib/app-config.ts';

export const SIMULATED_PAYMENTS =
  'Payments on this shop are simulated: no card is charged and no money is taken.';

/**
 * Says plainly that payments are the sandbox's (the server's PAYMENT_PROVIDER), wherever the
 * shop talks about paying; nothing while a real gateway takes the money.
 */
export function SimulatedPaymentsNote({ className = '' }: { className?: string }) {
  if (!appConfig.paymentsSimulated) return null;
  return (
    <p className={className} role="note" data-simulated-payments="">
      {SIMULATED_PAYMENTS}
    </p>
  );
}
