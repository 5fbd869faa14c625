import { AccountShell } from '../features/account/AccountShell.tsx';
import { AddressBook } from '../features/address/AddressBook.tsx';

/** Shipping Address (/pages/user/profile/shipping-address; members only). */
export default function ShippingAddressPage() {
  return (
    <AccountShell
      pageName="ShippingAddressPage"
      title="Shipping Address"
      intro="The New Zealand addresses we deliver your orders to."
    >
      <AddressBook />
    </AccountShell>
  );
}
