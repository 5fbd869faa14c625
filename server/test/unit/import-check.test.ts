import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { violationsOf } from '../../../scripts/import-check-violations.ts';

// The server's rules of the import check of `npm test` (.dependency-cruiser.mjs at the repo root),
// run on a fixture tree (test/import-check/src) with the allowed imports (a foreign key between
// tables, db/ gathering them) and one of each import they must refuse.
describe('the import check of the server', () => {
  it("refuses another module's tables and inner files, tables read outside modules, two modules using each other, a cycle, and demo data using the server", async () => {
    expect(
      await violationsOf('server/test/import-check/src', 'serverRules', ['server/test/import-check/seed']),
    ).toEqual([
      { rule: 'server-module-face', from: 'modules/shipping/service.ts', to: 'modules/orders/service.ts' },
      { rule: 'server-module-face', from: 'modules/shipping/service.ts', to: 'modules/orders/words.ts' },
      { rule: 'server-module-face-outside', from: 'app.ts', to: 'modules/orders/service.ts' },
      { rule: 'server-no-cycle', from: 'lib/ping.ts', to: 'lib/pong.ts' },
      { rule: 'server-no-folder-cycle', from: 'modules/members', to: 'modules/orders' },
      { rule: 'server-no-folder-cycle', from: 'modules/orders', to: 'modules/members' },
      { rule: 'server-seed-alone', from: '../seed/goods.ts', to: 'lib/ping.ts' },
      { rule: 'server-tables-outside-modules', from: 'cli/ship.ts', to: 'modules/orders/tables.ts' },
      { rule: 'server-tables-private', from: 'modules/members/service.ts', to: 'modules/orders/tables.ts' },
    ]);
  });

  it('finds a face (index.ts) in every module of the server', () => {
    const modules = path.resolve(import.meta.dirname, '../../src/modules');
    const faceless = readdirSync(modules, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !existsSync(path.join(modules, e.name, 'index.ts')))
      .map((e) => e.name);
    expect(faceless).toEqual([]);
  });
});
