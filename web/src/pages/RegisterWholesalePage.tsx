import { AuthShell } from '../features/account/AuthShell.tsx';
import { RegisterWholesaleForm } from '../features/account/RegisterWholesaleForm.tsx';

/** Wholesale register (/pages/user/register/windex?callbackUrl=). */
export default function RegisterWholesalePage() {
  return (
    <AuthShell
      pageName="RegisterWholesalePage"
      breadcrumb={[{ name: 'Wholesale Register' }]}
      title="Wholesale Register"
      intro="Open a trade account for your New Zealand business."
      wide
      aside={{
        headline: 'Wholesale prices for New Zealand businesses.',
        points: [
          'Trade prices from every supplier',
          'Import orders from a spreadsheet',
          'Invoices and order history in one place',
        ],
      }}
    >
      <RegisterWholesaleForm />
    </AuthShell>
  );
}
