import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseShapeError } from '../../src/lib/response-serializer.ts';
import { answerWriter, listAnswerWriter, WrittenAnswer } from '../../src/lib/written-answer.ts';

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

  describe('with a list of kept items', () => {
    const item = z.object({ id: z.number().int(), name: z.string() });
    const page = z.object({
      success: z.boolean(),
      message: z.string(),
      data: z.object({ note: z.string(), records: z.array(item), total: z.number().int() }),
    });
    const whole = answerWriter(page, 'a page');
    const kept = listAnswerWriter(page, 'records', item, 'a page');

    it('writes the same bytes as the whole answer written at once, whatever the strings hold', () => {
      const a = Object.freeze({ id: 1, name: 'Kōwhai "records":[] mug' });
      const b = Object.freeze({ id: 2, name: 'Tūī\u0000 \\ tea' });
      for (const answer of [
        { success: true, message: '"records":[]', data: { note: '"records":[', records: [a, b], total: 2 } },
        { success: true, message: 'ok', data: { note: '', records: [b, a, b], total: 3 } },
        { success: true, message: 'ok', data: { note: 'none', records: [], total: 0 } },
      ]) {
        const written = kept(answer).json;
        expect(written.toString()).toBe(whole(answer).json.toString());
        expect(JSON.parse(written.toString())).toEqual(answer);
      }
    });

    it('refuses an item or an answer of the wrong shape', () => {
      const answer = (records: unknown[]) => ({
        success: true,
        message: 'ok',
        data: { note: '', records, total: 1 },
      });
      expect(() => kept(answer([{ id: 'one', name: 'x' }]) as never)).toThrow(ResponseShapeError);
      expect(() => kept({ ...answer([]), data: { records: [] } } as never)).toThrow(ResponseShapeError);
    });
  });
});
