import { AGREEMENT_DIALOG_SIZE } from '@mall/shared/constants';
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/Dialog.tsx';
import { useDialogClose } from '../../components/dialog-context.ts';
import { appConfig } from '../../lib/app-config.ts';
import { agreementTermsUrl } from '../../lib/routes.ts';

/** docs/routes.md: 'agreed announcement' in store mode, the brand otherwise. */
export const agreementTitle = (storeMode: boolean) => (storeMode ? 'agreed announcement' : appConfig.brand);

function AgreementButtons({ onAgree }: { onAgree: () => void }) {
  const close = useDialogClose();
  return (
    <>
      <button type="button" className="btn-secondary min-w-28" onClick={() => close()}>
        disagree
      </button>
      <button type="button" className="btn-primary min-w-28" onClick={() => close(onAgree)}>
        agree with
      </button>
    </>
  );
}

interface AgreementDialogProps {
  open: boolean;
  /** Close or disagree. */
  onClose: () => void;
  /** Where agreeing leads: /pages/user/{target}?callbackUrl=/{current route}. */
  next: string;
  storeMode: boolean;
}

/**
 * docs/routes.md, agreement dialog: shown before login or register opens, 800x420, the terms in
 * a frame (our own terms page, embedded), 'agree with' and 'disagree'. Closing or disagreeing
 * closes it; agreeing navigates to `next`.
 */
export function AgreementDialog({ open, onClose, next, storeMode }: AgreementDialogProps) {
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={agreementTitle(storeMode)}
      width={AGREEMENT_DIALOG_SIZE.width}
      height={AGREEMENT_DIALOG_SIZE.height}
      bodyClassName="overflow-hidden bg-white p-0"
      footer={
        <AgreementButtons
          onAgree={() => {
            onClose();
            navigate(next);
          }}
        />
      }
    >
      <iframe
        title={storeMode ? 'Terms and conditions' : 'Wholesale terms'}
        src={agreementTermsUrl(storeMode)}
        className="block h-full w-full border-0"
      />
    </Dialog>
  );
}
