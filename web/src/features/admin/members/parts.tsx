import type { AdminPart } from '../admin-part.ts';
import { MembersPanel } from './MembersPanel.tsx';

/** The back office's members pages. */
export const membersParts: AdminPart[] = [
  { path: 'members', label: 'Members', roles: ['owner', 'support'], render: () => <MembersPanel /> },
];
