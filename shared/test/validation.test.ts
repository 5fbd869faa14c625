import { describe, expect, it } from 'vitest';
import { chatLabels } from '../src/chat-label.ts';
import { retailRegisterSchema, wholesaleRegisterSchema } from '../src/contract/account.ts';
import { isCaptcha, isEmail, isNickname, isNzbn, isPassword, isPhone, MESSAGES } from '../src/validation.ts';

describe('form rules (docs/accounts.md)', () => {
  it('phone: digits only, any length, empty included', () => {
    for (const ok of ['', '0', '0211234567', '6421123456789012345']) expect(isPhone(ok), ok).toBe(true);
    for (const bad of [' ', '+64211234567', '021 123 4567', '021-1234', '12a', '１２３']) {
      expect(isPhone(bad), bad).toBe(false);
    }
  });

  it('e-mail: a domain ending in 2 or more letters, or an IPv4 literal', () => {
    for (const ok of [
      'a@b.co',
      'aroha.ngata@example.co.nz',
      'x+tag@mail.example.com',
      'me@10.0.0.1',
      'me@[192.168.1.254]',
    ]) {
      expect(isEmail(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      'plain',
      '@example.com',
      'a@',
      'a@b',
      'a@b.c',
      'a@b.c1',
      'a b@example.com',
      'a@exa mple.com',
      'a@256.1.1.1',
      'a@1.2.3',
      'a@-bad.com',
    ]) {
      expect(isEmail(bad), bad).toBe(false);
    }
  });

  it('password: at least 6 characters of any kind', () => {
    expect(isPassword('12345')).toBe(false);
    expect(isPassword('123456')).toBe(true);
    expect(isPassword('      ')).toBe(true);
    expect(isPassword('ā😀ē😀ī')).toBe(false);
    expect(isPassword('ā😀ē😀īō')).toBe(true);
  });

  it('nickname: a letter first, then 1 to 20 letters, digits, underscores or Chinese characters', () => {
    expect(isNickname('a')).toBe(false);
    expect(isNickname('ab')).toBe(true);
    expect(isNickname(`a${'b'.repeat(20)}`)).toBe(true); // 21 characters
    expect(isNickname(`a${'b'.repeat(21)}`)).toBe(false); // 22
    expect(isNickname('王小明')).toBe(true);
    expect(isNickname('Aroha_2024')).toBe(true);
    expect(isNickname('Māui')).toBe(true);
    expect(isNickname('Zoë_2')).toBe(true);
    for (const bad of ['1abc', '_abc', 'ab cd', 'ab-cd', 'ab.cd', 'Привет', 'a😀b'])
      expect(isNickname(bad), bad).toBe(false);
  });

  it('captcha: exactly 4 digits', () => {
    expect(isCaptcha('0000')).toBe(true);
    expect(isCaptcha('123')).toBe(false);
    expect(isCaptcha('12345')).toBe(false);
    expect(isCaptcha('12a4')).toBe(false);
  });

  it('NZBN: 13 digits with a valid GS1 check digit', () => {
    expect(isNzbn('9429041234563')).toBe(true);
    expect(isNzbn('9429041234564')).toBe(false);
    expect(isNzbn('942904123456')).toBe(false);
    expect(isNzbn('94290412345630')).toBe(false);
    expect(isNzbn('942904123456a')).toBe(false);
  });
});

describe('register schemas name the field that fails', () => {
  const retail = {
    userName: 'Aroha',
    userAccount: 'aroha@example.co.nz',
    userPhone: '0211234567',
    password: 'secret1',
    code: '1234',
  };

  it('accepts a good retail registration and trims it', () => {
    const r = retailRegisterSchema.parse({ ...retail, userAccount: '  aroha@example.co.nz ' });
    expect(r.userAccount).toBe('aroha@example.co.nz');
  });

  it('refuses each bad retail field with its message', () => {
    const cases: [Partial<typeof retail>, string, string][] = [
      [{ userName: '1x' }, 'userName', MESSAGES.nickname],
      [{ userAccount: 'nope' }, 'userAccount', MESSAGES.email],
      [{ userPhone: '021 123' }, 'userPhone', MESSAGES.phone],
      [{ password: '12345' }, 'password', MESSAGES.password],
      [{ code: '123' }, 'code', MESSAGES.captcha],
    ];
    for (const [change, field, message] of cases) {
      const r = retailRegisterSchema.safeParse({ ...retail, ...change });
      expect(r.success, field).toBe(false);
      expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([field, message]);
    }
  });

  it('wholesale needs the company, a valid NZBN and a phone', () => {
    const wholesale = {
      companyTradingName: 'Tui Trading Ltd',
      companyNumber: '1234567',
      nzbn: '9429041234563',
      address: '12 Queen Street, Auckland 1010',
      userName: 'Mere Tane',
      userAccount: 'orders@tui-trading.co.nz',
      userPhone: '0277654321',
      password: 'secret1',
      code: '0420',
    };
    expect(wholesaleRegisterSchema.safeParse(wholesale).success).toBe(true);
    const bad = wholesaleRegisterSchema.safeParse({ ...wholesale, nzbn: '9429041234564', userPhone: '' });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['nzbn', 'userPhone']);
  });
});

describe('chat labels (docs/routes.md: live chat label)', () => {
  it('gives VIP plus Retail, Retail, or Wholesale', () => {
    expect(chatLabels({ kind: 'retail', userIsVIP: true })).toEqual(['VIP', 'Retail']);
    expect(chatLabels({ kind: 'retail', userIsVIP: false })).toEqual(['Retail']);
    expect(chatLabels({ kind: 'wholesale', userIsVIP: true })).toEqual(['Wholesale']);
  });
});
