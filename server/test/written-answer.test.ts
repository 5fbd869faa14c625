import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseShapeError } from '../src/lib/response-serializer.ts';
import { answerWriter, WrittenAnswer } from '../src/lib/written-answer.ts';

describe('written answers (unit)', () => {
  const write = answerWriter(z.object({ name: z.string(), price: z.number() }), 'a test answer');

  it('writes what the schema names, checked, and refuses a wrong shape', () => {
    const answer = write({ name: 'Kūmara "sweet"', price: 4.5, extra: 'left out' } as never);
    expect(JSON.parse(answer.json.toString())).toEqual({ name: 'Kūmara "sweet"', price: 4.5 });
    expect(() => write({ name: 'no price' } as never)).toThrow(ResponseShapeError);
  });

  it('compresses a large answer once per encoding, and leaves a small one as it is', () => {
    const big = new WrittenAnswer(Buffer.from(JSON.stringify({ text: 'Kauri '.repeat(400) })));
    const br = big.bytes('br');
    expect(brotliDecompressSync(br).equals(big.json)).toBe(true);
    expect(br.length).toBeLessThan(big.json.length / 10);
    expect(big.bytes('br')).toBe(br);
    expect(gunzipSync(big.bytes('gzip')).equals(big.json)).toBe(true);
    expect(big.bytes(null)).toBe(big.json);
    const small = new WrittenAnswer(Buffer.from('{"ok":true}'));
    expect(small.bytes('br')).toBe(small.json);
  });
});
