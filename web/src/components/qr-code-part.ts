import type { ComponentType } from 'react';
import { onFirstUse } from './on-first-use.ts';
import type { QrCode } from './QrCode.tsx';

/** A QR code and its encoder download when one is first shown. */
export const qrCodePart = onFirstUse<ComponentType<Parameters<typeof QrCode>[0]>>(() =>
  import('./QrCode.tsx').then((m) => m.QrCode),
);
