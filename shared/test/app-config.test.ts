import { describe, expect, it } from 'vitest';
import { appConfigFromEnv, DEFAULT_APP_CONFIG } from '../src/app-config.ts';

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
    });
  });

  it('takes the defaults for unset or empty variables', () => {
    expect(appConfigFromEnv({})).toEqual(DEFAULT_APP_CONFIG);
    expect(
      appConfigFromEnv({ BRAND: '', MALL_MODE: '', ONLINE_SERVICE_URL: '', WECHAT_FOLLOW_URL: '' }),
    ).toEqual(DEFAULT_APP_CONFIG);
  });
});
