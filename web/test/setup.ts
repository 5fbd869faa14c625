import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadQrCode } from '../src/app/layout/FollowUsDialog.tsx';
import { userMenuPart } from '../src/app/layout/user-menu-part.ts';
import { preloadDialog } from '../src/components/Dialog.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Dialogs download their modal code (the follow-us dialog its QR code) on first open, the
// member's menu when a member signs in; tests start with them loaded so they can assert
// synchronously (dialogs.test.tsx covers a first, asynchronous open). Loaded in a hook, after
// each test file's vi.mock calls.
beforeAll(() => Promise.all([preloadDialog(), preloadQrCode(), userMenuPart.preload()]));
