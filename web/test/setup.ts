import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { options } from 'preact';
import { afterEach, beforeAll } from 'vitest';
import { followUsPart } from '../src/app/layout/follow-us-part.ts';
import { preloadDialog } from '../src/components/Dialog.tsx';
import { megaMenuPart } from '../src/features/catalogue/mega-menu-part.ts';
import { emblaPart } from '../src/features/home/embla-part.ts';

// Preact runs effects (and the clean-ups of what unmounts) after the next paint: at the next
// animation frame, or 35 ms on. jsdom paints nothing; here they run at the next task, as React
// runs them, so that Testing Library's waits (which end on a task) find them done.
options.requestAnimationFrame = (runEffects) => setTimeout(runEffects);

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
