import type { ComponentType } from 'react';
import { onFirstUse } from '../../components/on-first-use.ts';

/** The follow-us dialog's body (the QR code and its encoder) downloads when the dialog is first asked for. */
export const followUsPart = onFirstUse<ComponentType>(() =>
  import('./FollowUsContent.tsx').then((m) => m.FollowUsContent),
);
