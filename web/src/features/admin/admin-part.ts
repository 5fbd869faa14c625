import type { ReactNode } from 'react';
import type { Me, OperatorRole } from './admin-api.ts';

/** What a part of the back office is given: the signed-in operator, and a way to refresh them. */
export interface PartContext {
  me: Me;
  onMeChanged: (me: Me) => void;
}

/** One entry of the back office's menu at /admin/<path>, shown to `roles` (the server checks again). */
export interface AdminPart {
  path: string;
  label: string;
  roles: readonly OperatorRole[];
  render: (ctx: PartContext) => ReactNode;
}
