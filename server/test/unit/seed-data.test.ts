import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readSeedData, SeedDataError } from '../../seed/data-files.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'seed-data-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text);

/** A tree shaped like the demo catalogue's: named entries inside named entries. */
const treeSchema = z.array(
  z.strictObject({
    name: z.string(),
    subs: z.array(
      z.strictObject({
        name: z.string(),
        thirds: z.array(z.strictObject({ name: z.string(), art: z.enum(['jar', 'box']), price: z.number() })),
      }),
    ),
  }),
);

const tree = (third: Record<string, unknown>) =>
  JSON.stringify([
    { name: 'Pantry', subs: [{ name: 'Honey', thirds: [{ name: 'Clover Honey', art: 'jar', price: 9.9 }] }] },
    { name: 'Home', subs: [{ name: 'Kitchen', thirds: [{ name: 'Mugs', art: 'box', price: 12 }, third] }] },
  ]);

const failure = (file: string) => {
  try {
    readSeedData(file, treeSchema, dir);
  } catch (err) {
    expect(err).toBeInstanceOf(SeedDataError);
    return (err as Error).message;
  }
  throw new Error(`${file} was read without an error`);
};

describe('demo data files', () => {
  it('reads a file that fits its schema', () => {
    write('good.json', tree({ name: 'Teapots', art: 'jar', price: 30 }));
    const data = readSeedData('good.json', treeSchema, dir);
    expect(data[1]!.subs[0]!.thirds.map((t) => t.name)).toEqual(['Mugs', 'Teapots']);
  });

  it('names the file, the entry and the field of a wrong value', () => {
    write('wrong-value.json', tree({ name: 'Teapots', art: 'jug', price: 30 }));
    const message = failure('wrong-value.json');
    expect(message).toContain(path.join(dir, 'wrong-value.json'));
    expect(message).toContain('entry [1].subs[0].thirds[1] "Teapots", field art: ');
  });

  it('names each bad entry, including missing and unknown fields', () => {
    write('many.json', tree({ name: 'Teapots', art: 'box', cost: 30 }));
    const message = failure('many.json');
    expect(message).toContain('entry [1].subs[0].thirds[1] "Teapots", field price: ');
    expect(message).toMatch(/entry \[1\]\.subs\[0\]\.thirds\[1\] "Teapots": .*cost/);
  });

  it('names the file that is not JSON', () => {
    write('broken.json', '[{ "name": "Pantry", }]');
    expect(failure('broken.json')).toContain(`${path.join(dir, 'broken.json')} cannot be read`);
  });

  it('names a file that is missing', () => {
    expect(failure('missing.json')).toContain(`${path.join(dir, 'missing.json')} cannot be read`);
  });
});
