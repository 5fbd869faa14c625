import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { followUsPart } from '../src/app/layout/follow-us-part.ts';
import { preloadDialog } from '../src/components/Dialog.tsx';
import { megaMenuPart } from '../src/features/catalogue/mega-menu-part.ts';
import { emblaPart } from '../src/features/home/embla-part.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Parts that download on first use and import nothing with side effects (dialogs' modal code,
// the follow-us dialog's body, the mega menu, the carousel's Embla) are loaded before the tests,
// so they can assert synchronously (dialogs.test.tsx covers a first, asynchronous open). Parts
// that bring app state with them (the member's menu, the supplier dropdown) are loaded by the
// tests that show them.
beforeAll(() =>
  Promise.all([preloadDialog(), followUsPart.preload(), megaMenuPart.preload(), emblaPart.preload()]),
);
