import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { userMenuPart } from '../src/app/layout/user-menu-part.ts';
import { preloadDialog } from '../src/components/Dialog.tsx';
import { emblaPart } from '../src/components/home/embla-part.ts';
import { qrCodePart } from '../src/components/qr-code-part.ts';
import { megaMenuPart } from '../src/features/catalogue/mega-menu-part.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Parts that download on first use (dialogs' modal code, the QR code, the member's menu, the
// mega menu, the carousel's Embla) are loaded before the tests, so they can assert synchronously (dialogs.test.tsx
// covers a first, asynchronous open). Loaded in a hook: after each test file's vi.mock calls.
beforeAll(() =>
  Promise.all([
    preloadDialog(),
    qrCodePart.preload(),
    userMenuPart.preload(),
    megaMenuPart.preload(),
    emblaPart.preload(),
  ]),
);
