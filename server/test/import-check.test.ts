import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The server's rules of the import check of `npm test` (.dependency-cruiser.mjs at the repo root),
// run on a fixture tree (test/import-check/src) with the allowed imports (a foreign key between
// tables, db/ gathering them) and one of each import they must refuse.
const repo = path.resolve(import.meta.dirname, '../..');
const fixture = 'server/test/import-check/src';
const configFile = path.join(repo, '.dependency-cruiser.mjs');

const violationsOf = async () => {
  const config = (await import(configFile)) as { serverRules: (src: string) => IForbiddenRuleType[] };
  const result = await cruise([fixture], {
    baseDir: repo,
    validate: true,
    ruleSet: { forbidden: config.serverRules(fixture) },
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

describe('the import check of the server', () => {
  it("refuses another module's tables, tables read outside modules, two modules using each other, and a cycle", async () => {
    expect(await violationsOf()).toEqual([
      { rule: 'server-no-cycle', from: 'lib/ping.ts', to: 'lib/pong.ts' },
      { rule: 'server-no-folder-cycle', from: 'modules/members', to: 'modules/orders' },
      { rule: 'server-no-folder-cycle', from: 'modules/orders', to: 'modules/members' },
      { rule: 'server-tables-outside-modules', from: 'cli/ship.ts', to: 'modules/orders/tables.ts' },
      { rule: 'server-tables-private', from: 'modules/members/service.ts', to: 'modules/orders/tables.ts' },
    ]);
  });
});
