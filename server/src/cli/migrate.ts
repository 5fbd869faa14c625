import { openMigratedDatabase } from '../boot.ts';
import { loadConfig } from '../config.ts';

const config = loadConfig();
const database = await openMigratedDatabase(config);
console.log(`migrations applied (${database.kind})`);
await database.close();
