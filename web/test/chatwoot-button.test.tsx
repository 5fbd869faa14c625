import type { ChatwootIdentity } from '@mall/shared/contract/chatwoot';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatButton } from '../src/app/layout/ChatButton.tsx';
import { appConfig } from '../src/lib/app-config.ts';
import { useSession } from '../src/state/session-store.ts';
import { retailMember } from './account-fixtures.ts';

/**
 * docs/chat.md: Chatwoot. "Chat with us" on a Chatwoot shop loads Chatwoot's script (a stand-in of
 * its SDK here: `run` makes a widget that records what it is told and says it is ready), feeds it
 * the identity the server signed, and opens it.
 */

const SETTINGS = {
  provider: 'chatwoot' as const,
  baseUrl: 'https://chat.example.co.nz',
  websiteToken: 'Web123456',
};
const SDK = `${SETTINGS.baseUrl}/packs/js/sdk.js`;

const IDENTITY: ChatwootIdentity = {
  identifier: 'kauri-member-12',
  identifierHash: 'a'.repeat(64),
  user: { name: 'Aroha', email: 'aroha@example.co.nz' },
  customAttributes: { member_no: 'KM000012', member_kind: 'retail', label: 'VIP Retail' },
  labels: ['vip', 'retail'],
};

let told: unknown[][];
const sdkScripts = () =>
  [...document.querySelectorAll<HTMLScriptElement>('script')].filter((s) => s.src === SDK);

/** Chatwoot's script arriving: its SDK object, then the script's load event. */
const sdkArrives = () => {
  window.chatwootSDK = {
    run: (options) => {
      told.push(['run', options]);
      const record =
        (name: string) =>
        (...args: unknown[]) =>
          told.push([name, ...args]);
      window.$chatwoot = {
        setUser: record('setUser'),
        setCustomAttributes: record('setCustomAttributes'),
        setLabel: record('setLabel'),
        toggle: record('toggle'),
        reset: record('reset'),
      };
      window.dispatchEvent(new Event('chatwoot:ready'));
    },
  };
  sdkScripts().at(-1)!.dispatchEvent(new Event('load'));
};

let identityAsked: URL[];
const builtIn = appConfig.chat;
beforeAll(() => {
  appConfig.chat = SETTINGS;
});
afterAll(() => {
  appConfig.chat = builtIn;
});
beforeEach(() => {
  told = [];
  identityAsked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      identityAsked.push(new URL(input, 'http://localhost'));
      return new Response(JSON.stringify({ success: true, code: 200, message: 'success', data: IDENTITY }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("Chat with us on a Chatwoot shop (Chatwoot's SDK stood in for)", () => {
  it('says so when the script cannot load, and tries again on the next click', async () => {
    render(
      <>
        <ChatButton />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Chat with us' }));
    await waitFor(() => expect(sdkScripts()).toHaveLength(1));
    sdkScripts()[0]!.dispatchEvent(new Event('error'));
    expect(
      await screen.findByText('The chat could not be opened. Please try again in a moment.'),
    ).toBeVisible();
    expect(sdkScripts()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Chat with us' }));
    await waitFor(() => expect(sdkScripts()).toHaveLength(1));
    sdkArrives();
    await waitFor(() => expect(told).toContainEqual(['toggle', 'open']));
  });

  it("opens the widget for a guest without telling it anyone's identity", async () => {
    render(<ChatButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Chat with us' }));
    await waitFor(() => expect(told).toEqual([['toggle', 'open']]));
    expect(identityAsked).toEqual([]);
    // The script came once, with the shop's inbox.
    expect(sdkScripts()).toHaveLength(1);
    expect(window.chatwootSettings).toMatchObject({ hideMessageBubble: true });
  });

  it('identifies a member with what the server signed, labels them, opens it, and resets it at sign-out', async () => {
    useSession.getState().login({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      member: retailMember({ userIsVIP: true }),
    });
    render(<ChatButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Chat with us' }));
    await waitFor(() => expect(told.at(-1)).toEqual(['toggle', 'open']));
    expect(identityAsked.map((u) => u.pathname)).toEqual(['/api/chat/chatwoot/identity']);
    expect(identityAsked[0]!.searchParams.get('pagePath')).toBe('/');
    expect(told).toEqual([
      [
        'setUser',
        'kauri-member-12',
        { name: 'Aroha', email: 'aroha@example.co.nz', identifier_hash: 'a'.repeat(64) },
      ],
      ['setCustomAttributes', IDENTITY.customAttributes],
      ['setLabel', 'vip'],
      ['setLabel', 'retail'],
      ['toggle', 'open'],
    ]);
    told = [];
    useSession.getState().clear();
    expect(told).toEqual([['reset']]);
  });
});
