import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sqlTableViolations } from '../sql-table-owners.ts';

// A module's tables are private in SQL too (README: "How the code is laid out"): no module's raw
// SQL names a table another module's tables.ts defines; it uses the owner's fragment or service.
describe('tables named in SQL', () => {
  it("refuses a module's SQL that reads or writes another module's table (a fixture tree)", async () => {
    expect(await sqlTableViolations(path.join(import.meta.dirname, '../sql-owners/src'))).toEqual([
      { file: 'modules/orders/service.ts', table: 'member', owner: 'members' },
      { file: 'modules/orders/writes.ts', table: 'member', owner: 'members' },
    ]);
  });

  it("finds no module's SQL naming another module's table in the server", async () => {
    expect(await sqlTableViolations(path.join(import.meta.dirname, '../../src'))).toEqual([]);
  });
});
