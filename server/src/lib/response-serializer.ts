import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/** An answer that does not match its route's response schema: a bug on our side, answered 500. */
export class ResponseShapeError extends Error {
  readonly issues: ErrorObject[];
  constructor(what: string, issues: ErrorObject[]) {
    const first = issues[0];
    super(
      `${what} does not match its schema: ${first ? `${first.instancePath || '/'} ${first.message}` : 'invalid'}`,
    );
    this.name = 'ResponseShapeError';
    this.issues = issues;
  }
}

// Formats (e-mail, URL, date-time) are zod's to check on input; on the way out the types,
// required fields and bounds are checked.
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });

/**
 * Every route's answer as fastify means it to be written: the route's zod schema, as JSON Schema,
 * compiled into a validator (ajv) and a writer (fast-json-stringify). An answer is checked against
 * its schema first, so a wrong shape is still a 500 and never written (a missing price is not
 * printed as 0), and only the schema's fields are written, as zod's strip would. Both are
 * generated code for one shape each; zod's own encode is one generic walker shared by every
 * schema, which cost a cart answer several times as much (measured in bench/).
 *
 * A route's serializer is compiled on its first answer (most routes of a test's app never answer,
 * and compiling them all takes 0.3 s); `compileAll` compiles the rest at once (a production start
 * fails fast on a schema that cannot be written).
 */
export const createResponseSerializers = () => {
  const uncompiled = new Set<() => void>();
  const compiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
    let serialize: ((data: unknown) => string) | undefined;
    const ensure = () => {
      serialize ??= compileSerializer(schema, `the answer of ${method} ${url}`);
      uncompiled.delete(ensure);
      return serialize;
    };
    uncompiled.add(ensure);
    return (data: unknown) => ensure()(data);
  };
  const compileAll = () => {
    for (const ensure of uncompiled) ensure();
  };
  return { compiler, compileAll };
};

/**
 * The checker and writer of each schema, compiled once per process: both are generated code that
 * depends on the schema only. A schema shared by several routes, or a route of a second app in
 * the same process (every app a test builds, a second app on one database), reuses them.
 */
const compiledShapes = new WeakMap<
  z.ZodType,
  { valid: ValidateFunction; write: (data: unknown) => string }
>();

const compileShape = (schema: z.ZodType) => {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    target: 'draft-07',
    // An answer may carry more than its schema (a row's other columns): they are left out of the
    // text, as zod's strip does, not refused. Strict objects stay strict.
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def;
      if (def.type === 'object' && !def.catchall) delete jsonSchema.additionalProperties;
    },
  });
  return { valid: ajv.compile(json), write: fastJson(json as Parameters<typeof fastJson>[0]) };
};

/** Writes `schema`'s values as JSON after checking them (ResponseShapeError, naming `what`, if not). */
export const compileSerializer = (schema: z.ZodType, what: string) => {
  let shape = compiledShapes.get(schema);
  if (!shape) {
    shape = compileShape(schema);
    compiledShapes.set(schema, shape);
  }
  const { valid, write } = shape;
  return (data: unknown) => {
    if (!valid(data)) throw new ResponseShapeError(what, valid.errors ?? []);
    return write(data);
  };
};
