import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The import check of `npm test` (.dependency-cruiser.mjs at the repo root), run on a fixture
// tree (test/import-check/src) with one allowed import and one of each import it must refuse.
const repo = path.resolve(import.meta.dirname, '../..');
const fixture = 'web/test/import-check/src';
const configFile = path.join(repo, '.dependency-cruiser.mjs');

const violationsOf = async () => {
  const config = (await import(configFile)) as { webRules: (src: string) => IForbiddenRuleType[] };
  const result = await cruise([fixture], {
    baseDir: repo,
    validate: true,
    ruleSet: { forbidden: config.webRules(fixture) },
    tsPreCompilationDeps: true,
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations
    .map((v) => ({
      rule: v.rule.name,
      from: v.from.replace(`${fixture}/`, ''),
      to: v.to.replace(`${fixture}/`, ''),
    }))
    .sort((a, b) => `${a.rule} ${a.from}`.localeCompare(`${b.rule} ${b.from}`));
};

describe('the import check', () => {
  it('refuses a feature importing another feature or a page, a shared layer importing a feature, and a cycle', async () => {
    expect(await violationsOf()).toEqual([
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
