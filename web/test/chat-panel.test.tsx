import { CHAT_OFFLINE_NOTICE } from '@mall/shared/chat-rules';
import type { ChatMessage } from '@mall/shared/contract/chat';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatButton } from '../src/app/layout/ChatButton.tsx';
import { ChatPanel, mergeMessages } from '../src/features/chat/ChatPanel.tsx';
import { readStored, STORAGE_KEYS, writeStored } from '../src/lib/storage.ts';
import { useSession } from '../src/state/session-store.ts';
import { retailMember } from './account-fixtures.ts';
import { FakeSocket } from './fake-socket.ts';

/** docs/chat.md: the shopper's chat panel, its socket (a stand-in here) and its guest form. */

const message = (id: number, text: string, sender: 'shopper' | 'operator' = 'operator'): ChatMessage => ({
  id,
  conversationId: 7,
  sender,
  operatorName: sender === 'operator' ? 'mere' : null,
  text,
  pictureUrl: null,
  at: '2026-11-28T03:00:00.000Z',
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let answers: Array<() => Response>;
let bodies: unknown[];
beforeEach(() => {
  FakeSocket.all = [];
  bodies = [];
  answers = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(init?.body instanceof FormData ? init.body : JSON.parse(String(init?.body ?? 'null')));
      const next = answers.shift();
      if (!next) throw new Error('no answer left');
      return next();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

const opened =
  (over: Record<string, unknown> = {}) =>
  () =>
    json({
      success: true,
      code: 200,
      message: 'success',
      data: {
        conversationId: 7,
        status: 'open',
        name: 'Aroha',
        guestToken: null,
        operatorsOnline: true,
        messages: [],
        ...over,
      },
    });

describe('the chat panel', () => {
  it('asks a guest for a name and e-mail first, keeps their token and says hello with it', async () => {
    answers.push(() =>
      json(
        {
          success: false,
          code: 401,
          message: 'Please give your name and e-mail to start a chat.',
          data: null,
        },
        401,
      ),
    );
    answers.push(
      opened({ guestToken: 'guest-token-1', operatorsOnline: false, messages: [message(3, 'Kia ora!')] }),
    );
    render(<ChatPanel onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Chat with us' });
    await userEvent.type(within(dialog).getByLabelText('Your name'), 'Aroha');
    await userEvent.type(within(dialog).getByLabelText('Your e-mail'), 'aroha@example.co.nz');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    expect(bodies[1]).toMatchObject({ guest: { name: 'Aroha', email: 'aroha@example.co.nz' } });
    expect(readStored(STORAGE_KEYS.chatGuest)).toBe('guest-token-1');
    act(() => FakeSocket.all[0]!.accept());
    expect(FakeSocket.all[0]!.sent[0]).toMatchObject({
      type: 'hello',
      as: 'guest',
      token: 'guest-token-1',
      after: 3,
    });
    expect(screen.getByRole('status')).toHaveTextContent(CHAT_OFFLINE_NOTICE);
  });

  it('shows live messages once each, as text with clickable links, in a named log', async () => {
    useSession
      .getState()
      .login({ accessToken: 'access-1', refreshToken: 'refresh-1', member: retailMember() });
    answers.push(opened({ messages: [message(1, 'Hello')] }));
    render(<ChatPanel onClose={() => {}} />);
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.all[0]!;
    act(() => socket.accept());
    expect(socket.sent[0]).toMatchObject({ type: 'hello', as: 'member', token: 'access-1', after: 1 });
    act(() => {
      socket.receive({ type: 'ready', conversationId: 7, operatorsOnline: true });
      socket.receive({
        type: 'message',
        message: message(2, 'See https://kauri.example.nz/track. <img src=x onerror=alert(1)>'),
      });
      socket.receive({
        type: 'message',
        message: message(2, 'See https://kauri.example.nz/track. <img src=x onerror=alert(1)>'),
      });
      socket.receive({ type: 'message', message: message(1, 'Hello') });
    });
    expect(within(log).getAllByTestId('chat-message')).toHaveLength(2);
    const link = within(log).getByRole('link', { name: 'https://kauri.example.nz/track' });
    expect(link).toHaveAttribute('href', 'https://kauri.example.nz/track');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(log.querySelector('img')).toBeNull();
    expect(log).toHaveTextContent('<img src=x onerror=alert(1)>');
  });

  it('sends what the member types (Enter) and shows the offline notice when no one is online', async () => {
    useSession
      .getState()
      .login({ accessToken: 'access-1', refreshToken: 'refresh-1', member: retailMember() });
    answers.push(opened({ conversationId: null }));
    render(<ChatPanel onClose={() => {}} />);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.all[0]!;
    act(() => {
      socket.accept();
      socket.receive({ type: 'ready', conversationId: null, operatorsOnline: true });
    });
    const box = screen.getByRole('textbox', { name: 'Your message' });
    await userEvent.type(box, 'Where is my order?{Enter}');
    expect(socket.sent[1]).toMatchObject({ type: 'send', text: 'Where is my order?' });
    expect(box).toHaveValue('');
    expect(screen.queryByText(CHAT_OFFLINE_NOTICE)).toBeNull();
    act(() => socket.receive({ type: 'sent', ref: 'x', id: 9, offline: true }));
    expect(screen.getByText(CHAT_OFFLINE_NOTICE)).toBeInTheDocument();
    act(() => socket.receive({ type: 'error', message: 'You are sending messages too fast.' }));
    expect(screen.getByRole('alert')).toHaveTextContent('too fast');
  });

  it("sends a member's picture by the name its upload answered, shows it, and says why an upload is refused", async () => {
    useSession
      .getState()
      .login({ accessToken: 'access-1', refreshToken: 'refresh-1', member: retailMember() });
    answers.push(opened());
    render(<ChatPanel onClose={() => {}} />);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.all[0]!;
    act(() => {
      socket.accept();
      socket.receive({ type: 'ready', conversationId: 7, operatorsOnline: true });
    });
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'jar.png', { type: 'image/png' });
    answers.push(() =>
      json({
        success: true,
        code: 200,
        message: 'ok',
        data: {
          url: '/uploads/avatars/12/0123456789abcdef01234567.png',
          name: '0123456789abcdef01234567.png',
        },
      }),
    );
    await userEvent.upload(screen.getByLabelText('Send a picture'), picture);
    await waitFor(() =>
      expect(socket.sent[1]).toMatchObject({ type: 'picture', name: '0123456789abcdef01234567.png' }),
    );
    expect((bodies[1] as FormData).get('file')).toBeInstanceOf(File);
    act(() =>
      socket.receive({
        type: 'message',
        message: {
          ...message(8, '', 'shopper'),
          pictureUrl: '/uploads/avatars/12/0123456789abcdef01234567.png',
        },
      }),
    );
    const shown = within(screen.getByRole('log', { name: 'Messages' })).getByRole('img', {
      name: 'Picture you sent',
    });
    expect(shown).toHaveAttribute('src', '/uploads/avatars/12/0123456789abcdef01234567.png');

    answers.push(() =>
      json(
        {
          success: false,
          code: 400,
          message: 'Only PNG, JPEG, WebP or GIF pictures can be uploaded.',
          data: null,
        },
        400,
      ),
    );
    await userEvent.upload(screen.getByLabelText('Send a picture'), picture);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only PNG, JPEG, WebP or GIF pictures');
    expect(socket.sent).toHaveLength(2);
  });

  it('offers no picture to a guest', async () => {
    answers.push(opened({ guestToken: null }));
    writeStored(STORAGE_KEYS.chatGuest, 'guest-token-2');
    render(<ChatPanel onClose={() => {}} />);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Send a picture')).toBeNull();
  });

  it("refreshes a member's tokens over HTTP and says hello again when the socket refuses them", async () => {
    useSession
      .getState()
      .login({ accessToken: 'access-1', refreshToken: 'refresh-1', member: retailMember() });
    answers.push(opened({ messages: [message(4, 'Earlier')] }));
    answers.push(opened({ messages: [message(4, 'Earlier')] }));
    render(<ChatPanel onClose={() => {}} />);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    act(() => FakeSocket.all[0]!.onclose?.({ code: 4401 }));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    act(() => FakeSocket.all[1]!.accept());
    expect(FakeSocket.all[1]!.sent[0]).toMatchObject({ type: 'hello', as: 'member', after: 4 });
    // Refused again: the panel says so instead of trying for ever.
    act(() => FakeSocket.all[1]!.onclose?.({ code: 4401 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not connect');
  });

  it('merges by id: nothing twice, in id order', () => {
    expect(
      mergeMessages([message(1, 'a'), message(3, 'c')], [message(2, 'b'), message(3, 'c')]).map((m) => m.id),
    ).toEqual([1, 2, 3]);
  });
});

describe('"Chat with us"', () => {
  it('downloads and opens the panel on the first click', async () => {
    answers.push(() =>
      json({ success: false, code: 401, message: 'Please give your name', data: null }, 401),
    );
    render(<ChatButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Chat with us' }));
    expect(await screen.findByRole('dialog', { name: 'Chat with us' })).toBeInTheDocument();
    // The guest form takes the focus; Escape closes the panel and gives it back to the button.
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Chat with us' })).toHaveFocus());
    answers.push(() =>
      json({ success: false, code: 401, message: 'Please give your name', data: null }, 401),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Chat with us' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
