import { describe, expect, it } from 'vitest';
import { chatLabelSlugs, chatLabels } from '../src/chat-label.ts';
import { CHAT_TEXT_MAX } from '../src/chat-rules.ts';
import { chatClientFrameSchema, chatOpenBodySchema, chatTextSchema } from '../src/contract/chat.ts';

describe('the chat label (spec section 1; docs/chat.md)', () => {
  it.each([
    [{ kind: 'retail', userIsVIP: true }, ['VIP', 'Retail'], ['vip', 'retail']],
    [{ kind: 'retail', userIsVIP: false }, ['Retail'], ['retail']],
    [{ kind: 'retail', userIsVIP: null }, ['Retail'], ['retail']],
    [{ kind: 'retail' }, ['Retail'], ['retail']],
    [{ kind: 'wholesale', userIsVIP: false }, ['Wholesale'], ['wholesale']],
    [{ kind: 'wholesale', userIsVIP: true }, ['Wholesale'], ['wholesale']],
  ] as const)('%o -> %o', (member, labels, slugs) => {
    expect(chatLabels(member)).toEqual(labels);
    expect(chatLabelSlugs(member)).toEqual(slugs);
  });
});

describe('chat messages and frames', () => {
  it('takes text up to the limit; refuses longer, blank or NUL text', () => {
    expect(chatTextSchema.safeParse('a'.repeat(CHAT_TEXT_MAX)).success).toBe(true);
    expect(chatTextSchema.safeParse('a'.repeat(CHAT_TEXT_MAX + 1)).success).toBe(false);
    expect(chatTextSchema.safeParse('   ').success).toBe(false);
    expect(chatTextSchema.safeParse('a\u0000b').success).toBe(false);
    expect(chatTextSchema.safeParse(12).success).toBe(false);
  });

  it('reads the client frames it knows and nothing else', () => {
    expect(chatClientFrameSchema.safeParse({ type: 'send', text: 'Kia ora' }).success).toBe(true);
    expect(
      chatClientFrameSchema.safeParse({ type: 'hello', as: 'member', token: 't', after: 3 }).success,
    ).toBe(true);
    expect(chatClientFrameSchema.safeParse({ type: 'hello', as: 'root', token: 't' }).success).toBe(false);
    expect(chatClientFrameSchema.safeParse({ type: 'send', text: ['x'] }).success).toBe(false);
    expect(chatClientFrameSchema.safeParse({ type: 'drop' }).success).toBe(false);
  });

  it("refuses a guest's bad e-mail or blank name", () => {
    expect(
      chatOpenBodySchema.safeParse({ guest: { name: 'Aroha', email: 'aroha@example.co.nz' } }).success,
    ).toBe(true);
    expect(chatOpenBodySchema.safeParse({ guest: { name: ' ', email: 'aroha@example.co.nz' } }).success).toBe(
      false,
    );
    expect(chatOpenBodySchema.safeParse({ guest: { name: 'Aroha', email: 'nope' } }).success).toBe(false);
  });
});
