import { Dialog } from '../../components/Dialog.tsx';
import { useDialogClose } from '../../components/dialog-context.ts';
import { dismissCartProblems, useCartStore } from '../../state/cart/cart-store.ts';

function Ok() {
  const close = useDialogClose();
  return (
    <button type="button" className="btn-primary min-w-28" onClick={() => close()}>
      Confirm
    </button>
  );
}

/**
 * After login the guest cart is merged into the member's; each line that could not go in whole
 * (limit, stock, mixing rule, gone) is listed here by name, never dropped silently.
 */
export function CartProblemsDialog() {
  const problems = useCartStore((s) => s.problems);
  return (
    <Dialog
      open={problems.length > 0}
      onClose={dismissCartProblems}
      title="Some items could not be added to your cart"
      description="Your cart from before you signed in was added to your account's cart, except:"
      role="alertdialog"
      width={520}
      height="auto"
      showClose={false}
      closeOnOutsideClick={false}
      bodyClassName="px-6 py-6"
      footer={<Ok />}
    >
      <ul className="mt-3 flex flex-col gap-2 text-sm" data-cart-problems="">
        {problems.map((p) => (
          <li key={p.skuId} className="rounded-lg bg-gray-50 px-3 py-2">
            <p className="font-semibold text-navy">{p.name}</p>
            <p className="text-muted">
              {p.added > 0 ? `${p.added} of ${p.requested} added. ` : `None of ${p.requested} added. `}
              {p.message}
            </p>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
