// Runs a TypeScript entry point on the project's pinned Node 24 (type stripping), after making
// sure dependencies are installed. Usage: node scripts/run-node24.mjs <file.ts> [args...]
import { ensureInstalled, node24, runAsync } from './lib.mjs';

ensureInstalled();
const [file, ...args] = process.argv.slice(2);
process.exitCode = await runAsync(node24, [file, ...args]);
