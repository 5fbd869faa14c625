import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadQrCode } from '../src/app/layout/FollowUsDialog.tsx';
import { preloadDialog } from '../src/components/Dialog.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Dialogs download their modal code (and the follow-us dialog its QR code) on first open;
// tests start with it loaded so they can assert synchronously (dialogs.test.tsx covers the
// first, asynchronous open).
beforeAll(() => Promise.all([preloadDialog(), preloadQrCode()]));
