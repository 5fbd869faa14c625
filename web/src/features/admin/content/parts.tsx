import type { AdminPart } from '../admin-part.ts';
import { ContentPanel } from './ContentPanel.tsx';

/** The back office's content pages. */
export const contentParts: AdminPart[] = [
  { path: 'content', label: 'Content', roles: ['owner', 'catalogue'], render: () => <ContentPanel /> },
];
