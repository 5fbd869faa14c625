import type { ComponentType } from 'react';
import { onFirstUse } from '../../components/on-first-use.ts';
import type { UserMenu } from './UserMenu.tsx';

/** The member's menu (Radix) downloads when a member is signed in: a guest's visit does not pay for it. */
export const userMenuPart = onFirstUse<ComponentType<Parameters<typeof UserMenu>[0]>>(() =>
  import('./UserMenu.tsx').then((m) => m.UserMenu),
);
