import type { AdminPart } from '../admin-part.ts';
import { OrdersPanel } from './OrdersPanel.tsx';

/** The back office's orders pages. */
export const ordersParts: AdminPart[] = [
  { path: 'orders', label: 'Orders', roles: ['owner', 'orders'], render: () => <OrdersPanel /> },
];
