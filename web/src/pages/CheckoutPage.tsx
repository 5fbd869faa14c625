import { PageFrame } from '../components/PageFrame.tsx';
import { AddressChoice } from '../features/address/AddressChoice.tsx';
import { useAddresses } from '../features/address/address-api.ts';
import { CheckoutView } from '../features/checkout/CheckoutView.tsx';
import { CART_PATH } from '../lib/routes.ts';

/**
 * Checkout (/pages/order/checkout; members only): the checked cart lines become an order, sent to
 * one of the member's addresses (the address feature's list and chooser).
 */
export default function CheckoutPage() {
  const addresses = useAddresses();
  return (
    <PageFrame
      pageName="CheckoutPage"
      breadcrumb={[{ name: 'Shop Cart', linkUrl: CART_PATH }, { name: 'Checkout' }]}
      title="Checkout"
    >
      <CheckoutView addresses={addresses} addressChoice={(slot) => <AddressChoice {...slot} />} />
    </PageFrame>
  );
}
