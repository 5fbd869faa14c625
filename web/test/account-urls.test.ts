import { describe, expect, it } from 'vitest';
import {
  afterLoginUrl,
  agreementPageUrl,
  agreementTermsUrl,
  authTargetUrl,
  callbackFrom,
  loginUrl,
  safeCallbackUrl,
} from '../src/lib/routes.ts';

describe('callback URLs never leave the shop', () => {
  it.each([
    ['/pages/goods/index?id=7', '/pages/goods/index?id=7'],
    ['/', '/'],
    ['/pages/search/index?keyword=manuka%20honey#top', '/pages/search/index?keyword=manuka%20honey#top'],
  ])('keeps the local path %s', (raw, kept) => {
    expect(safeCallbackUrl(raw)).toBe(kept);
  });

  it.each([
    'https://evil.example/pages',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /pages/index',
    'javascript:alert(1)',
    'pages/user/index',
    '',
  ])('refuses %j', (raw) => {
    expect(safeCallbackUrl(raw)).toBe('/');
    expect(safeCallbackUrl(raw, '/pages/user/index')).toBe('/pages/user/index');
  });

  it('after login never returns to a sign-in page', () => {
    expect(afterLoginUrl('/pages/user/login/index?callbackUrl=/x')).toBe('/');
    expect(afterLoginUrl('/pages/user/register/windex', '/pages/user/index')).toBe('/pages/user/index');
    expect(afterLoginUrl('/pages/cart/index')).toBe('/pages/cart/index');
    expect(afterLoginUrl(null)).toBe('/');
  });

  it('the callback of a link is the current route, or the callback a sign-in page was given', () => {
    expect(callbackFrom({ pathname: '/pages/goods/index', search: '?id=7' })).toBe('/pages/goods/index?id=7');
    expect(
      callbackFrom({ pathname: '/pages/user/login/index', search: '?callbackUrl=%2Fpages%2Fcart%2Findex' }),
    ).toBe('/pages/cart/index');
    expect(
      callbackFrom({ pathname: '/pages/user/login/index', search: '?callbackUrl=https://evil.example' }),
    ).toBe('/');
  });

  it('builds /pages/user/{target}?callbackUrl=/{current route}', () => {
    const url = new URL(authTargetUrl('register/windex', '/pages/goods/index?id=7'), 'http://x');
    expect(url.pathname).toBe('/pages/user/register/windex');
    expect(url.searchParams.get('callbackUrl')).toBe('/pages/goods/index?id=7');
    expect(authTargetUrl('login/index', 'https://evil.example')).toBe('/pages/user/login/index');
    expect(loginUrl()).toBe('/pages/user/login/index');
    const agreement = new URL(agreementPageUrl('/pages/user/login/index?callbackUrl=%2F'), 'http://x');
    expect(agreement.pathname).toBe('/pages/user/register/agreement');
    expect(agreement.searchParams.get('callbackUrl')).toBe('/pages/user/login/index?callbackUrl=%2F');
  });

  it('frames the standard terms in store mode and the wholesale terms otherwise', () => {
    expect(agreementTermsUrl(true)).toBe('/pages/terms/standard?embed=1');
    expect(agreementTermsUrl(false)).toBe('/pages/terms/wholesale?embed=1');
  });
});
