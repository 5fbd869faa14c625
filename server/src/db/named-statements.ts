import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import pg from 'pg';

/**
 * Named (prepared) statements on PostgreSQL: a statement PostgreSQL parses and plans once per
 * connection instead of on every call, for the hot queries whose planning costs more than running
 * them. A query asks for it by starting with PREPARED (`lib/sql.ts` adds it); the pool's clients
 * then run it as node-postgres' named query `{ name, text, values }`, the name coming from the
 * text, so any query text may be prepared safely. PGlite has no named statements: there the mark
 * is only a comment.
 */
export const PREPARED = '/* prepared */ ';

/** The statement name of each query text: the same text always gets the same name. */
const statementNames = new LRUCache<string, string>({ max: 1000 });
const statementName = (text: string) => {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
};

/** A node-postgres client (for `pg.Pool`'s `Client` option) that runs a query marked PREPARED as a named statement. */
export class NamingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes each one on, naming one kind.
  override query(config: any, ...rest: any[]): any {
    if (typeof config === 'object' && config !== null && config.name === undefined) {
      const text: unknown = config.text;
      if (typeof text === 'string' && text.startsWith(PREPARED))
        config = { ...config, name: statementName(text) };
    }
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    return (super.query as (...args: any[]) => any)(config, ...rest);
  }
}
