import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { followUsPart } from '../src/app/layout/follow-us-part.ts';
import { supplierDropdownPart } from '../src/app/layout/supplier-dropdown-part.ts';
import { userMenuPart } from '../src/app/layout/user-menu-part.ts';
import { preloadDialog } from '../src/components/Dialog.tsx';
import { emblaPart } from '../src/components/home/embla-part.ts';
import { megaMenuPart } from '../src/features/catalogue/mega-menu-part.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Parts that download on first use (dialogs' modal code, the QR code, the member's menu, the
// mega menu, the carousel's Embla, the supplier dropdown) are loaded before the tests, so they
// can assert synchronously (dialogs.test.tsx covers a first, asynchronous open). Loaded in a
// hook: after each test file's vi.mock calls.
beforeAll(() =>
  Promise.all([
    preloadDialog(),
    followUsPart.preload(),
    userMenuPart.preload(),
    megaMenuPart.preload(),
    emblaPart.preload(),
    supplierDropdownPart.preload(),
  ]),
);
