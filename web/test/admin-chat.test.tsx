import { chatLabels } from '@mall/shared/chat-label';
import type { ChatConversation } from '@mall/shared/contract/chat';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminToken } from '../src/features/admin/admin-api.ts';
import { ChatDesk, ChatLabels } from '../src/features/admin/chat/ChatDesk.tsx';
import { retailMember, wholesaleMember } from './account-fixtures.ts';
import { FakeSocket } from './fake-socket.ts';
import { renderWithProviders } from './helpers.tsx';

/** docs/chat.md: the back office's chat desk, with a stand-in socket. */

const conversation = (over: Partial<ChatConversation> = {}): ChatConversation => ({
  id: 7,
  status: 'open',
  details: {
    kind: 'retail',
    name: 'Aroha',
    email: 'aroha@example.co.nz',
    phone: '0211234567',
    memberNo: 'R000012',
    organisation: null,
    labels: ['VIP', 'Retail'],
    mode: 'store',
    pagePath: '/cart',
    cartCount: 2,
    lastOrder: null,
  },
  assignedTo: null,
  lastMessageAt: '2026-11-28T03:00:00.000Z',
  lastMessage: 'Where is my order?',
  unread: 2,
  ...over,
});

let calls: Array<{ method: string; path: string; body: unknown }>;
beforeEach(() => {
  FakeSocket.all = [];
  calls = [];
  adminToken.set('operator-token');
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const data = path.startsWith('/api/admin/chat/conversations?')
        ? { records: [conversation()], total: 1 }
        : path === '/api/admin/chat/canned'
          ? [{ id: 1, title: 'Shipping', text: 'We ship within 2 working days.' }]
          : path === '/api/admin/chat/conversations/7'
            ? {
                conversation: conversation(),
                messages: [
                  {
                    id: 1,
                    conversationId: 7,
                    sender: 'shopper',
                    operatorName: null,
                    text: 'Where is my order?',
                    at: '2026-11-28T03:00:00.000Z',
                  },
                ],
              }
            : path.endsWith('/messages')
              ? { id: 2, mailed: false }
              : null;
      return new Response(JSON.stringify({ success: true, code: 200, message: 'success', data }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  adminToken.clear();
});

describe('the chat desk', () => {
  it('lists conversations with the labels and unread count beside the name, and counts unread in the title', async () => {
    renderWithProviders(<ChatDesk me={{ id: 3, name: 'mere', role: 'support', totp: false }} />);
    const inbox = await screen.findByRole('region', { name: 'Inbox' });
    const entry = await within(inbox).findByRole('button', { name: /Aroha/ });
    expect(within(entry).getByText('VIP')).toBeInTheDocument();
    expect(within(entry).getByText('Retail')).toBeInTheDocument();
    expect(entry).toHaveTextContent('2 unread');
    await waitFor(() => expect(document.title).toBe('(2) Chat - Back office - Kauri Mall'));
    act(() => {
      FakeSocket.all[0]!.onopen?.();
    });
    expect(FakeSocket.all[0]!.sent[0]).toEqual({ type: 'hello', as: 'operator', token: 'operator-token' });
  });

  it('opens a conversation, marks it read, shows live messages and sends a canned reply', async () => {
    renderWithProviders(<ChatDesk me={{ id: 3, name: 'mere', role: 'support', totp: false }} />);
    await userEvent.click(await screen.findByRole('button', { name: /Aroha/ }));
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Where is my order?');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/chat/conversations/7/read')).toBe(
      true,
    );
    act(() =>
      FakeSocket.all[0]!.receive({
        type: 'message',
        message: {
          id: 5,
          conversationId: 7,
          sender: 'shopper',
          operatorName: null,
          text: 'Hello? https://x.example/a',
          pictureUrl: null,
          at: '2026-11-28T03:01:00.000Z',
        },
      }),
    );
    expect(within(log).getByRole('link', { name: 'https://x.example/a' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Canned reply'), 'Shipping');
    expect(screen.getByRole('textbox', { name: 'Your reply' })).toHaveValue('We ship within 2 working days.');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/admin/chat/conversations/7/messages')?.body).toEqual({
        text: 'We ship within 2 working days.',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Assign to me' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path.split('/').at(-1))).toEqual(
      expect.arrayContaining(['assign', 'close']),
    );
  });
});

/** Web Audio as far as the desk's chime uses it: each tone started is counted. */
class FakeAudio {
  static tones = 0;
  currentTime = 0;
  destination = {};
  createOscillator() {
    const tone = {
      frequency: { value: 0 },
      connect: (n: unknown) => n,
      start: () => FakeAudio.tones++,
      stop: () => {},
    };
    return tone;
  }
  createGain() {
    const gain = {
      gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
      connect: (n: unknown) => n,
    };
    return gain;
  }
}

describe("the desk's inbox", () => {
  it('is read again at most every half second while shoppers keep writing, never starved', async () => {
    renderWithProviders(<ChatDesk me={{ id: 3, name: 'mere', role: 'support', totp: false }} />);
    await screen.findByRole('button', { name: /Aroha/ });
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const inboxReads = () => calls.filter((c) => c.path.startsWith('/api/admin/chat/conversations?')).length;
    const before = inboxReads();
    vi.useFakeTimers();
    try {
      // A change every 100 ms for 2 s: a wait that restarted on each one would never read.
      for (let i = 0; i < 20; i++) {
        act(() => FakeSocket.all[0]!.receive({ type: 'inbox', conversationId: 7 }));
        act(() => vi.advanceTimersByTime(100));
      }
    } finally {
      vi.useRealTimers();
    }
    expect(inboxReads() - before).toBe(4);
  });
});

describe("the desk's sound", () => {
  const shopperSays = (id: number, conversationId = 9) =>
    act(() =>
      FakeSocket.all[0]!.receive({
        type: 'message',
        message: {
          id,
          conversationId,
          sender: 'shopper',
          operatorName: null,
          text: 'Anyone there?',
          pictureUrl: null,
          at: '2026-11-28T03:02:00.000Z',
        },
      }),
    );

  it("chimes on a shopper's new message, and stays quiet once the operator turns it off", async () => {
    vi.stubGlobal('AudioContext', FakeAudio);
    localStorage.removeItem('mall:admin-chat-sound');
    FakeAudio.tones = 0;
    renderWithProviders(<ChatDesk me={{ id: 3, name: 'mere', role: 'support', totp: false }} />);
    const toggle = await screen.findByRole('button', { name: 'Sound on new messages' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    shopperSays(11);
    expect(FakeAudio.tones).toBe(2);
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    shopperSays(12);
    expect(FakeAudio.tones).toBe(2);
    expect(localStorage.getItem('mall:admin-chat-sound')).toBe('off');
    localStorage.removeItem('mall:admin-chat-sound');
  });
});

describe('the chat label beside a name (spec section 1)', () => {
  it.each([
    ['a VIP retail member', retailMember({ userIsVIP: true }), ['VIP', 'Retail']],
    ['another retail member', retailMember({ userIsVIP: false }), ['Retail']],
    ['a wholesale member', wholesaleMember({ userIsVIP: false }), ['Wholesale']],
    ['a wholesale member who is VIP', wholesaleMember({ userIsVIP: true }), ['Wholesale']],
  ])('%s', (_who, member, expected) => {
    render(
      <p data-testid="labels">
        <ChatLabels labels={chatLabels(member)} />
      </p>,
    );
    expect(Array.from(screen.getByTestId('labels').children, (c) => c.textContent)).toEqual(expected);
  });
});
