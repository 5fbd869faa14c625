import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The demo data files (`server/seed/*.json`), beside this file; the server runs from the repository. */
const SEED_DATA_DIR = import.meta.dirname;

export class SeedDataError extends Error {}

/** A `note` field of an entry: why the entry is as it is, for the reader of the file; not stored. */
export const seedNote = z.string().optional();

type Step = string | number;

/** `[2].subs[0].thirds[1]` */
const pathText = (steps: readonly Step[]) =>
  steps
    .map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`))
    .join('')
    .replace(/^\./, '');

/** Fields that name an entry in the data files, most telling first. */
const LABEL_FIELDS = ['key', 'code', 'email', 'keyword', 'name'] as const;

const labelOf = (value: unknown): string | undefined => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const field = LABEL_FIELDS.find((f) => typeof record[f] === 'string');
  return field && (record[field] as string);
};

/**
 * Where a problem is, in words: the innermost entry on its path that has a name (`key`, `code`,
 * ... as in the file), then the field inside that entry.
 */
const describePlace = (data: unknown, steps: readonly Step[]): string => {
  let node = data;
  let entryEnd = -1;
  let entryLabel: string | undefined;
  for (const [i, step] of steps.entries()) {
    if (typeof node !== 'object' || node === null) break;
    node = (node as Record<Step, unknown>)[step];
    const label = labelOf(node);
    if (label !== undefined) {
      entryEnd = i + 1;
      entryLabel = label;
    }
  }
  const field = pathText(steps.slice(entryEnd === -1 ? 0 : entryEnd));
  if (entryLabel === undefined) return field ? `at ${field}` : 'at the top';
  const entry = `entry ${pathText(steps.slice(0, entryEnd))} "${entryLabel}"`;
  return field ? `${entry}, field ${field}` : entry;
};

/** Reads and checks one data file; a broken file throws, naming the file and each bad entry. */
export const readSeedData = <S extends z.ZodType>(
  file: string,
  schema: S,
  dir: string = SEED_DATA_DIR,
): z.output<S> => {
  const fullPath = path.join(dir, file);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(fullPath, 'utf8'));
  } catch (err) {
    throw new SeedDataError(`Demo data file ${fullPath} cannot be read: ${(err as Error).message}`);
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `  ${describePlace(data, issue.path as Step[])}: ${issue.message}`,
  );
  throw new SeedDataError(`Demo data file ${fullPath} is not valid:\n${problems.join('\n')}`);
};

/** A data file read and checked on first use, then kept (the server reads none when it seeds nothing). */
export const seedData = <S extends z.ZodType>(file: string, schema: S): (() => z.output<S>) => {
  let value: { data: z.output<S> } | undefined;
  return () => {
    value ??= { data: readSeedData(file, schema) };
    return value.data;
  };
};
