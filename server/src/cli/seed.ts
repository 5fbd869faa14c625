import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadDemoData, openMigratedDatabase } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { topUpCatalogue } from '../modules/catalogue/index.ts';
import { rebuildSuggestTerms } from '../modules/search/index.ts';

/**
 * npm run seed                       applies migrations and loads the demo data sets not yet loaded
 * npm run seed -- --goods 100000     then tops the catalogue up to 100,000 goods (for benchmarks)
 */
const { values } = parseArgs({ options: { goods: { type: 'string' } }, allowPositionals: false });
const target = values.goods === undefined ? undefined : Number(values.goods.replaceAll('_', ''));
if (target !== undefined && (!Number.isInteger(target) || target < 0 || target > 10_000_000)) {
  console.error('--goods must be a whole number of goods (at most 10,000,000)');
  process.exit(1);
}

const config = loadConfig();
const database = await openMigratedDatabase(config);
const started = Date.now();
const applied = await loadDemoData(config, database);
console.log(applied.length ? `demo data loaded: ${applied.join(', ')}` : 'demo data already loaded');
if (target !== undefined) {
  let last = 0;
  const added = await topUpCatalogue(database.db, target, (done, total) => {
    if (done - last >= 10_000 || done === total) {
      last = done;
      console.log(`  goods ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`);
    }
  });
  if (added > 0) {
    await rebuildSuggestTerms(database.db);
    await database.db.execute(sql`analyze`);
  }
  console.log(
    added > 0
      ? `catalogue topped up with ${added.toLocaleString('en-US')} goods to ${target.toLocaleString('en-US')}`
      : `catalogue already holds ${target.toLocaleString('en-US')} goods or more`,
  );
}
console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind})`);
await database.close();
