import { describe, expect, it } from 'vitest';
import { appConfigFromEnv, DEFAULT_APP_CONFIG, readAppConfig } from '../src/app-config.ts';

describe('appConfigFromEnv', () => {
  it('reads the brand, mode, online-service URL and WeChat follow link the server reads', () => {
    expect(
      appConfigFromEnv({
        BRAND: 'Totara Mall',
        MALL_MODE: 'supplier',
        ONLINE_SERVICE_URL: 'https://chat.example/',
        WECHAT_FOLLOW_URL: 'https://weixin.qq.com/r/totara',
      }),
    ).toEqual({
      brand: 'Totara Mall',
      mode: 'supplier',
      onlineServiceUrl: 'https://chat.example/',
      wechatFollowUrl: 'https://weixin.qq.com/r/totara',
      paymentsSimulated: true,
      chat: { provider: 'builtin' },
    });
  });

  it('says payments are simulated while the provider is the sandbox, the default', () => {
    expect(appConfigFromEnv({}).paymentsSimulated).toBe(true);
    expect(appConfigFromEnv({ PAYMENT_PROVIDER: 'sandbox' }).paymentsSimulated).toBe(true);
    expect(appConfigFromEnv({ PAYMENT_PROVIDER: 'stripe' }).paymentsSimulated).toBe(false);
    expect(readAppConfig(JSON.stringify({ paymentsSimulated: false })).paymentsSimulated).toBe(false);
    expect(readAppConfig('{}').paymentsSimulated).toBe(true);
  });

  it('takes the defaults for unset or empty variables', () => {
    expect(appConfigFromEnv({})).toEqual(DEFAULT_APP_CONFIG);
    expect(
      appConfigFromEnv({ BRAND: '', MALL_MODE: '', ONLINE_SERVICE_URL: '', WECHAT_FOLLOW_URL: '' }),
    ).toEqual(DEFAULT_APP_CONFIG);
  });

  it('reads the points earn rate when it is a whole number from 0, and leaves it out otherwise', () => {
    expect(appConfigFromEnv({ POINTS_EARN_PER_DOLLAR: '3' }).pointsEarnPerDollar).toBe(3);
    expect(appConfigFromEnv({ POINTS_EARN_PER_DOLLAR: '0' }).pointsEarnPerDollar).toBe(0);
    for (const bad of ['-1', '1.5', 'x'])
      expect(appConfigFromEnv({ POINTS_EARN_PER_DOLLAR: bad })).not.toHaveProperty('pointsEarnPerDollar');
    expect(readAppConfig('{"pointsEarnPerDollar":"2"}')).not.toHaveProperty('pointsEarnPerDollar');
  });

  it("carries Chatwoot's server and inbox when it is the chat, and the built-in chat otherwise", () => {
    expect(appConfigFromEnv({}).chat).toEqual({ provider: 'builtin' });
    expect(
      appConfigFromEnv({
        CHAT_PROVIDER: 'chatwoot',
        CHATWOOT_BASE_URL: 'https://chat.example.co.nz/',
        CHATWOOT_WEBSITE_TOKEN: 'Token1234',
      }).chat,
    ).toEqual({ provider: 'chatwoot', baseUrl: 'https://chat.example.co.nz', websiteToken: 'Token1234' });
    // A page never loads a script from anything but a plain origin, nor without an inbox.
    for (const chat of [
      { provider: 'chatwoot', baseUrl: 'javascript:alert(1)', websiteToken: 't' },
      { provider: 'chatwoot', baseUrl: 'https://chat.example.co.nz/evil', websiteToken: 't' },
      { provider: 'chatwoot', baseUrl: 'https://chat.example.co.nz' },
      { provider: 'other' },
      'chatwoot',
    ])
      expect(readAppConfig(JSON.stringify({ chat })).chat).toEqual({ provider: 'builtin' });
  });
});
