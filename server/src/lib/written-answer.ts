import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { compileSerializer } from './response-serializer.ts';

/**
 * How API answers are compressed on the fly (app.ts registers them with @fastify/compress), and
 * here for answers written once. Counted by valgrind on an 11 kB page of favourites: brotli 1
 * took 0.39 million instructions for 2,163 bytes, brotli 4 1.54 million for 1,880 (gzip 1: 0.67
 * million, 2,053 bytes): a quarter of the work for 283 more bytes.
 */
export const COMPRESSION = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: 1024,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
};

type Encoding = 'br' | 'gzip';

/**
 * An answer written once and sent many times: a cached read's success envelope as JSON bytes,
 * with each compression made the first time a client asks for it. A read kept for a few seconds
 * (the catalogue's micro-cache) was written and compressed again for every request that read it,
 * most of such a request's CPU (goods detail: 0.06 ms against the no-op's 0.03).
 */
export class WrittenAnswer {
  readonly json: Buffer;
  private readonly compressed = new Map<Encoding, Buffer>();

  constructor(json: Buffer) {
    this.json = json;
  }

  /** The bytes for `encoding`, compressed once. */
  bytes(encoding: Encoding | null): Buffer {
    if (encoding === null || this.json.length < COMPRESSION.threshold) return this.json;
    let bytes = this.compressed.get(encoding);
    if (!bytes) {
      // Told the size, brotli makes its buffers for it rather than for a 4 MB window: the same
      // bytes for 40% less time on a 6 kB page of search results (37 against 22 us).
      bytes =
        encoding === 'br'
          ? zlib.brotliCompressSync(this.json, {
              params: {
                ...COMPRESSION.brotliOptions.params,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.json.length,
              },
            })
          : zlib.gzipSync(this.json, COMPRESSION.zlibOptions);
      this.compressed.set(encoding, bytes);
    }
    return bytes;
  }
}

/**
 * Writes a route's success envelopes of `schema` as WrittenAnswers, checked against the schema as
 * the route's own serializer checks them (lib/response-serializer.ts).
 */
export const answerWriter = <T extends z.ZodType>(schema: T, what: string) => {
  const write = compileSerializer(schema, what);
  return (answer: z.output<T>) => new WrittenAnswer(Buffer.from(write(answer)));
};

/**
 * `answerWriter` for envelopes whose `data[listKey]` lists objects that come back from answer to
 * answer as the same objects (goods cards held until they change): each item is checked and
 * written once per object, and an answer is the rest of it, written and checked as usual, with
 * the kept items copied in. The items must not change once written (freeze them).
 */
export const listAnswerWriter = <T extends z.ZodType>(
  schema: T,
  listKey: string,
  itemSchema: z.ZodType,
  what: string,
) => {
  const writeRest = compileSerializer(schema, what);
  const writeItem = compileSerializer(itemSchema, `an item of ${what}`);
  // Each item's UTF-8 bytes, written once: an answer copies them in. Kept as strings (the
  // serializer's ropes of small pieces), they were walked and encoded again for every answer:
  // 75-90 us for a page of 20 cards under the never-repeated search bench, against about 15 us
  // as bytes.
  const written = new WeakMap<object, Buffer>();
  const comma = Buffer.from(',');
  // The empty list in the rest's JSON: the first `"key":[]` outside a string (a quote inside a
  // string is escaped), and the envelope and data have no other field of that name before it.
  const emptyList = `"${listKey}":[]`;
  return (answer: z.output<T> & { data: Record<string, unknown> }) => {
    const items = answer.data[listKey] as object[];
    const rest = writeRest({ ...answer, data: { ...answer.data, [listKey]: [] } });
    const at = rest.indexOf(emptyList) + emptyList.length - 1;
    const parts: Buffer[] = [Buffer.from(rest.slice(0, at))];
    for (const [i, item] of items.entries()) {
      let json = written.get(item);
      if (json === undefined) {
        json = Buffer.from(writeItem(item));
        written.set(item, json);
      }
      if (i > 0) parts.push(comma);
      parts.push(json);
    }
    parts.push(Buffer.from(rest.slice(at)));
    return new WrittenAnswer(Buffer.concat(parts));
  };
};

/** The encoding the client takes, as @fastify/compress chooses it ('*' and x-gzip mean gzip). */
const encodingFor = (request: FastifyRequest): Encoding | null => {
  const header = request.headers['accept-encoding'];
  if (header === undefined) return null;
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), COMPRESSION.encodings);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
};

/** Sends `answer` compressed as the client asks (the compressor then leaves it as it is). */
export const sendWritten = (request: FastifyRequest, reply: FastifyReply, answer: WrittenAnswer) => {
  const encoding = encodingFor(request);
  const bytes = answer.bytes(encoding);
  const vary = reply.getHeader('vary');
  if (
    !String(vary ?? '')
      .toLowerCase()
      .includes('accept-encoding')
  )
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  reply.type('application/json; charset=utf-8');
  if (bytes !== answer.json) reply.header('content-encoding', encoding);
  return reply.send(bytes);
};
