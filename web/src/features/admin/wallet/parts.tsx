import type { AdminPart } from '../admin-part.ts';
import { WalletPanel } from './WalletPanel.tsx';

/** The back office's wallet pages: cash cards are the owner's, the rest also support's. */
export const walletParts: AdminPart[] = [
  {
    path: 'wallet',
    label: 'Wallet',
    roles: ['owner', 'support'],
    render: ({ me }) => <WalletPanel me={me} />,
  },
];
