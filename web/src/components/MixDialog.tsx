import { MIX_GO_TO_CART, MIX_MESSAGE, MIX_SEE_OTHERS } from '@mall/shared/cart-messages';
import { useNavigate } from 'react-router';
import { CART_PATH } from '../lib/routes.ts';
import { Dialog } from './Dialog.tsx';
import { useDialogClose } from './dialog-context.ts';

function MixButtons({ onSeeOthers }: { onSeeOthers: () => void }) {
  const close = useDialogClose();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className="btn-secondary" onClick={() => close(onSeeOthers)}>
        {MIX_SEE_OTHERS}
      </button>
      <button
        type="button"
        className="btn-primary"
        onClick={() =>
          close(() => {
            onSeeOthers();
            navigate(CART_PATH);
          })
        }
      >
        {MIX_GO_TO_CART}
      </button>
    </>
  );
}

/**
 * docs/cart.md, mixing rule: the message with 'Go to the shopping cart' (opens the cart)
 * and 'I want to see others' (closes, the shopper stays where they are).
 */
export function MixDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Tip"
      description={MIX_MESSAGE}
      width={480}
      height="auto"
      showClose={false}
      bodyClassName="px-6 py-6"
      footer={<MixButtons onSeeOthers={onClose} />}
    />
  );
}
