import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadDialog } from '../src/components/Dialog.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Dialogs download their modal code on first open; tests start with it loaded so they can
// assert synchronously (dialogs.test.tsx covers the first, asynchronous open).
beforeAll(() => preloadDialog());
