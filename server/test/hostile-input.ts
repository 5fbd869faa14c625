/**
 * Hostile requests generated from the OpenAPI document: for each operation, its path, query and
 * body fields each given values no person sends (a NUL byte, a 20-digit number, a 2,000-character
 * text, the wrong type). A fixed seed picks the same requests every run.
 */
import { mulberry32 } from '@mall/shared/seeded-random';

export interface HostileRequest {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** What was made hostile, for the failure message. */
  what: string;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: { type?: string };
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}

const LONG = 'x'.repeat(2000);
const TWENTY_DIGITS = '99999999999999999999';

/** Hostile texts for a path or query value (sent percent-encoded). */
export const HOSTILE_TEXTS = [
  'a\u0000b',
  '\u0000',
  TWENTY_DIGITS,
  `-${TWENTY_DIGITS}`,
  LONG,
  `${TWENTY_DIGITS},1`,
  '1e309',
  'NaN',
  '-1',
  '1.5',
  '０１２',
  '%',
  '../../etc/passwd',
  "1' or '1'='1",
  '\u202e\ud83d\ude00',
  ' ',
];

/** Hostile JSON values for a body field. */
export const HOSTILE_VALUES: unknown[] = [
  'a\u0000b',
  1e20,
  TWENTY_DIGITS,
  -1e20,
  LONG,
  -1,
  1.5,
  null,
  true,
  [],
  {},
  [TWENTY_DIGITS],
  Array.from({ length: 1000 }, () => 1),
  { $ne: null },
  '\ud800',
];

const typeOf = (s: JsonSchema | undefined): string => {
  if (!s) return 'string';
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null') ?? 'string';
  if (s.type) return s.type;
  if (s.anyOf) return typeOf(s.anyOf[0]);
  return 'string';
};

/** A value of the right type that is unlikely to be accepted on its own (it never names a real record). */
const plain = (s: JsonSchema | undefined): unknown => {
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return 987654;
    case 'boolean':
      return true;
    case 'array':
      return [plain(s?.items)];
    case 'object':
      return Object.fromEntries(Object.entries(s?.properties ?? {}).map(([k, v]) => [k, plain(v)]));
    default:
      return 'hostile-test';
  }
};

const plainParam = (p: Parameter) =>
  p.schema?.type === 'integer' || p.schema?.type === 'number' ? '987654' : 'hostile-test';

/** Every hostile request of one operation, in a fixed order. */
export const hostileRequestsOf = (method: string, path: string, op: Operation): HostileRequest[] => {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const headerParams = params.filter((p) => p.in === 'header');
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const headers = Object.fromEntries(headerParams.map((h) => [h.name, 'hostile-test-key']));
  const build = (pathValues: Record<string, string>, query: Record<string, string>, payload?: unknown) => {
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? ''));
    const qs = new URLSearchParams(query).toString();
    return { method: method.toUpperCase(), url: qs ? `${url}?${qs}` : url, payload, headers };
  };
  const basePath = Object.fromEntries(pathParams.map((p) => [p.name, plainParam(p)]));
  const baseQuery = Object.fromEntries(queryParams.map((p) => [p.name, plainParam(p)]));
  const baseBody = bodySchema ? plain(bodySchema) : undefined;
  const out: HostileRequest[] = [];
  for (const text of HOSTILE_TEXTS) {
    for (const p of pathParams) {
      out.push({
        ...build({ ...basePath, [p.name]: text }, baseQuery, baseBody),
        what: `path ${p.name}=${JSON.stringify(text.slice(0, 30))}`,
      });
    }
    for (const p of queryParams) {
      out.push({
        ...build(basePath, { ...baseQuery, [p.name]: text }, baseBody),
        what: `query ${p.name}=${JSON.stringify(text.slice(0, 30))}`,
      });
    }
  }
  if (bodySchema) {
    const props = Object.keys(bodySchema.properties ?? {});
    for (const value of HOSTILE_VALUES) {
      for (const prop of props) {
        out.push({
          ...build(basePath, baseQuery, { ...(baseBody as object), [prop]: value }),
          what: `body ${prop}=${JSON.stringify(value)?.slice(0, 30)}`,
        });
      }
      // An empty list is a fair body of a list call (a sync of nothing), not a hostile one.
      const emptyOfItsType = Array.isArray(value) && value.length === 0 && typeOf(bodySchema) === 'array';
      if (!emptyOfItsType) {
        out.push({
          ...build(basePath, baseQuery, value),
          what: `body=${JSON.stringify(value)?.slice(0, 30)}`,
        });
      }
    }
  }
  // A 2,000-character segment beside the operation's own path.
  out.push({
    ...build(basePath, baseQuery, baseBody),
    url: `${path.replace(/\{\w+\}/g, '1')}/${LONG}`,
    what: 'long segment',
  });
  return out;
};

/** The operations of the document and their hostile requests; `perOperation` picks that many (seeded). */
export const hostileRequests = (doc: OpenApiDoc, opts: { seed: number; perOperation?: number }) => {
  // The catalogue generator's seeded generator, so a run can be repeated.
  const random = mulberry32(opts.seed);
  const operations: Array<{ name: string; requests: HostileRequest[] }> = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      let requests = hostileRequestsOf(method, path, op);
      if (opts.perOperation !== undefined && requests.length > opts.perOperation) {
        const picked = new Set<number>();
        while (picked.size < opts.perOperation) picked.add(Math.floor(random() * requests.length));
        requests = [...picked].sort((a, b) => a - b).map((i) => requests[i]!);
      }
      operations.push({ name: `${method.toUpperCase()} ${path}`, requests });
    }
  }
  return operations;
};
