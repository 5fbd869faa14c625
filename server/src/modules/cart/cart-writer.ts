import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { LineRow } from './cart-memory.ts';

/** One line's change, as decided: add `count` of a SKU (merging with its line), or set a line's count. */
export type LineChange =
  | { kind: 'add'; skuId: number; count: number; checked: boolean }
  | { kind: 'count'; lineId: number; count: number };

/** A change to write only while the member's cart is still at `version` with exactly `lines`. */
export interface GuardedChange {
  memberId: number;
  version: number;
  lines: readonly LineRow[];
  change: LineChange;
}

/**
 * A cart's lines as the guard compares them: (id, count, checked) in id order, as an int[][]
 * literal, which is also how PostgreSQL prints `cartLinesKey`.
 */
export const linesKey = (lines: readonly LineRow[]) =>
  `{${[...lines]
    .sort((x, y) => x.id - y.id)
    .map((l) => `{${l.id},${l.count},${l.checked ? 1 : 0}}`)
    .join(',')}}`;

/** The member's lines in the database, as `linesKey` writes them (an SQL expression). */
export const cartLinesKey = (memberId: number | SQL) =>
  sql`(select coalesce(array_agg(array[l.id, l.count, l.checked::int] order by l.id), '{}')
       from cart_line l where l.member_id = ${memberId})`;

/**
 * How changes are written to their lines, as the tail of a WITH statement over `changes`, a
 * relation of (member_id, sku_id, n, checked, line_id): an add (no line_id) merges `n` into the
 * member's line of that SKU, or else makes a new line, stamped when written so that a change that
 * waited for the cart still lands on top; a count sets line `line_id` of the member to `n`.
 * Answers the lines written, with their member_id.
 */
export const writeLines = (changes: SQL) =>
  sql`added as (
      insert into cart_line (member_id, sku_id, count, checked, created_at)
      select member_id, sku_id, n, checked, clock_timestamp() from ${changes} where line_id is null
      on conflict (member_id, sku_id) do update set count = cart_line.count + excluded.count, updated_at = now()
      returning member_id, id, sku_id, count, checked
    ), counted as (
      update cart_line l set count = c.n, updated_at = now() from ${changes} c
      where c.line_id is not null and l.id = c.line_id and l.member_id = c.member_id
      returning l.member_id, l.id, l.sku_id, l.count, l.checked
    )
    select * from added union all select * from counted`;

/**
 * Guarded changes of several members in one statement. A member's cart version is raised only
 * while it is still the expected one (settles races between changes: the row lock makes a second
 * writer re-check the version) and its lines are exactly the expected ones (catches a cart changed
 * by hand in SQL); only then is its line written. One row per member written; none for a member
 * whose cart had moved on. A member without a version row has never changed a cart through a
 * held change and gets no row either.
 */
const writeStatement = (batch: readonly GuardedChange[]) => {
  const input = batch.map(({ memberId, version, lines, change }) => ({
    member_id: memberId,
    version,
    lines: linesKey(lines),
    n: change.count,
    ...(change.kind === 'add'
      ? { sku_id: change.skuId, checked: change.checked }
      : { line_id: change.lineId }),
  }));
  return sql`with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as i(member_id int, version int, lines text, sku_id int, n int, checked bool, line_id int)
    ), raised as (
      update cart_version v set version = v.version + 1
      from input i
      where v.member_id = i.member_id and v.version = i.version
        and ${cartLinesKey(sql`i.member_id`)} = i.lines::int[]
      returning i.member_id, i.sku_id, i.n, i.checked, i.line_id
    ), ${writeLines(sql`raised`)}`;
};

interface Pending {
  change: GuardedChange;
  resolve: (line: LineRow | null) => void;
  reject: (err: unknown) => void;
}

/**
 * Writes guarded cart changes, gathering those that arrive while earlier ones are being written
 * into one statement (group commit): under load, many members' adds and counts share one round
 * trip and one commit instead of each paying for its own, and every change is still committed
 * before it is answered. Alone, a change is written at once. A member is never in two statements
 * under way, so this process's statements cannot deadlock on each other. If a statement fails,
 * each of its changes is written alone, so one change's error is only its own.
 */
export class CartWriter {
  private readonly queue: Pending[] = [];
  private readonly writing = new Set<number>();
  private running = 0;

  private readonly db: Db;
  /** Statements under way at once. */
  private readonly parallel: number;
  private readonly maxBatch: number;

  constructor(db: Db, { parallel = 2, maxBatch = 64 } = {}) {
    this.db = db;
    this.parallel = parallel;
    this.maxBatch = maxBatch;
  }

  /** The line as written, or null when the cart was no longer as expected (nothing written). */
  write(change: GuardedChange): Promise<LineRow | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ change, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.running < this.parallel && this.queue.length > 0) {
      const batch: Pending[] = [];
      for (let i = 0; i < this.queue.length && batch.length < this.maxBatch; ) {
        const p = this.queue[i]!;
        const member = p.change.memberId;
        if (this.writing.has(member)) {
          i++;
          continue;
        }
        this.writing.add(member);
        batch.push(p);
        this.queue.splice(i, 1);
      }
      if (batch.length === 0) return;
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        for (const p of batch) this.writing.delete(p.change.memberId);
        this.pump();
      });
    }
  }

  private async run(batch: Pending[]) {
    let rows: (LineRow & { member_id: number })[];
    try {
      rows = await this.statement(batch.map((p) => p.change));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      await Promise.all(batch.map((p) => this.run([p])));
      return;
    }
    const byMember = new Map(rows.map((r) => [r.member_id, r]));
    for (const p of batch) {
      const r = byMember.get(p.change.memberId);
      p.resolve(r ? { id: r.id, sku_id: r.sku_id, count: r.count, checked: r.checked } : null);
    }
  }

  private statement(batch: readonly GuardedChange[]) {
    return rowsOf<LineRow & { member_id: number }>(this.db, writeStatement(batch), { prepared: true });
  }
}
