import type { AdminPart } from '../admin-part.ts';
import { GoodsPanel } from './GoodsPanel.tsx';
import { StockPanel } from './StockPanel.tsx';

/** The back office's catalogue pages (docs/back-office-catalogue.md). */
export const catalogueParts: AdminPart[] = [
  { path: 'goods', label: 'Goods', roles: ['owner', 'catalogue'], render: () => <GoodsPanel /> },
  { path: 'stock', label: 'Stock', roles: ['owner', 'catalogue'], render: () => <StockPanel /> },
];
