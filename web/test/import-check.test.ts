import { describe, expect, it } from 'vitest';
import { violationsOf } from '../../scripts/import-check-violations.ts';

// The import check of `npm test` (.dependency-cruiser.mjs at the repo root), run on a fixture
// tree (test/import-check/src) with one allowed import and one of each import it must refuse.
describe('the import check', () => {
  it('refuses a feature importing another feature or a page, a shared layer importing a feature, and a cycle', async () => {
    expect(await violationsOf('web/test/import-check/src', 'webRules')).toEqual([
      {
        rule: 'web-feature-to-other-feature',
        from: 'features/orders/order-view.ts',
        to: 'features/cart/cart-view.ts',
      },
      { rule: 'web-feature-to-page-or-app', from: 'features/cart/cart-link.ts', to: 'pages/CartPage.ts' },
      { rule: 'web-no-cycle', from: 'lib/ping.ts', to: 'lib/pong.ts' },
      { rule: 'web-shared-to-upper-layer', from: 'components/Card.ts', to: 'features/orders/order-view.ts' },
    ]);
  });
});
