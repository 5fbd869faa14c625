import path from 'node:path';
import type { Database } from './client.ts';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export const migrateDatabase = (database: Database): Promise<void> => database.migrate(migrationsFolder);
