import { AlertDialog } from '../components/AlertDialog.tsx';
import { useTip } from '../state/tip-store.ts';

export function TipModal() {
  const message = useTip((s) => s.message);
  const confirm = useTip((s) => s.confirm);
  return <AlertDialog open={message !== null} title="Tip" message={message ?? ''} onConfirm={confirm} />;
}
