import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import type { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import { growingLru } from '../../lib/lru.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { Shopper } from '../shopper/index.ts';
import { followGoodsChanges, type GoodsChangeFeed } from './changes.ts';
import { type CardRow, cardRowSql } from './service.ts';

/** Goods read per statement while every card of an organisation is read in. */
const WARM_BATCH = 5000;

/**
 * A good's card row as held, with what readers made of it (kept as long as the row is). One
 * object per good, and `made` only once a reader makes something: the garbage collector traces
 * every held object on each full collection.
 */
export interface HeldCard {
  row: CardRow;
  readAt: number;
  /** Readers' own values worked out from the row (a priced card per kind of shopper). */
  made?: Map<string, unknown>;
}

/** A good held as not on sale (disabled or gone). */
interface NotOnSale {
  row: null;
  readAt: number;
}

type Held = HeldCard | NotOnSale;

interface Warming {
  startedAt: number;
  done: Promise<void>;
}

/** The rows being read: each learns which goods changed meanwhile, so it does not hold them. */
interface Reading {
  changed: Set<number>;
  all: boolean;
}

export interface HeldCardRowsOptions {
  /** Most goods held per stock organisation; the least recently read go first. */
  max: number;
  /** A row is read again after this long whatever the feed says (a backstop). */
  maxAgeMs: number;
  now?: () => number;
}

/**
 * Every good's card row (CardRow) per stock organisation, held until the goods change feed says
 * the good changed (its row, SKUs, promotions or stock: search/goods-index-sync.ts, about once a
 * second whichever process or hand made the change), or until a promotion starts or ends. Once an
 * organisation is asked for, all its goods are read in the background (`WARM_BATCH` at a time),
 * so a search's page of cards is answered from memory, whichever goods are on it; a row the
 * warming has not reached yet is read with the rest of its page in one statement.
 *
 * A read that was under way when its good changed is not held (it may have read the old row).
 */
export class HeldCardRows {
  private readonly db: Db;
  private readonly options: HeldCardRowsOptions;
  private readonly now: () => number;
  private readonly byOrg = new Map<number, LRUCache<number, Held>>();
  /** The organisations whose goods are read in (or being read), and when that started. */
  private readonly warmed = new Map<number, Warming>();
  private readonly readings = new Set<Reading>();
  private readonly followPromotions: (nowMs: number) => void;

  constructor(db: Db, feed: GoodsChangeFeed, options: HeldCardRowsOptions) {
    this.db = db;
    this.options = options;
    this.now = options.now ?? Date.now;
    this.followPromotions = followGoodsChanges(feed, (ids) => this.forget(ids));
  }

  /** The held cards of `ids` that are on sale, in the order of `ids`. */
  async get(ids: readonly number[], shopper: Shopper): Promise<HeldCard[]> {
    this.followPromotions(shopper.now.getTime());
    const org = shopper.orgId ?? 0;
    const held = this.heldOf(org);
    this.warm(shopper.orgId);
    const found = new Array<Held | undefined>(ids.length);
    /** Where in `ids` the goods not held (or held too long) are. */
    const missingAt: number[] = [];
    const oldest = this.now() - this.options.maxAgeMs;
    for (const [i, id] of ids.entries()) {
      const h = held.get(id);
      if (!h || h.readAt < oldest) missingAt.push(i);
      else found[i] = h;
    }
    const missing = missingAt.map((i) => ids[i]!);
    if (missing.length > 0) {
      const read = await this.read(org, shopper, missing, (r) =>
        rowsOf<CardRow>(
          this.db,
          sql`select ${r.columns} from goods g ${r.join}
              where g.id = any(${`{${missing.join(',')}}`}::int[]) and g.enabled`,
          { prepared: true },
        ),
      );
      for (const i of missingAt) found[i] = read.get(ids[i]!);
    }
    return found.filter((h): h is HeldCard => !!h?.row);
  }

  /**
   * Reads every good of the organisation in, in the background, unless that is under way or done
   * lately: again before the backstop age lets the rows go, so pages keep finding them.
   */
  warm(orgId: number | null): void {
    const org = orgId ?? 0;
    const warming = this.warmed.get(org);
    if (!warming || warming.startedAt < this.now() - this.options.maxAgeMs / 2) this.startWarming(org);
  }

  /** Goods held for the organisation (for tests and the health of the cache). */
  heldCount(orgId: number | null): number {
    return this.byOrg.get(orgId ?? 0)?.size ?? 0;
  }

  /** Done when the organisation's goods have all been read in once (started by a `get`). */
  warming(orgId: number | null): Promise<void> {
    return this.warmed.get(orgId ?? 0)?.done ?? Promise.resolve();
  }

  private heldOf(org: number) {
    let held = this.byOrg.get(org);
    if (!held) {
      held = growingLru<number, Held>(this.options.max);
      this.byOrg.set(org, held);
    }
    return held;
  }

  private forget(ids: readonly number[] | 'all') {
    for (const r of this.readings) {
      if (ids === 'all') r.all = true;
      else for (const id of ids) r.changed.add(id);
    }
    if (ids === 'all') {
      for (const held of this.byOrg.values()) held.clear();
      // Everything is read in again, for each organisation read in before.
      const orgs = [...this.warmed.keys()];
      this.warmed.clear();
      for (const org of orgs) this.startWarming(org);
    } else {
      for (const held of this.byOrg.values()) for (const id of ids) held.delete(id);
    }
  }

  /**
   * Reads rows with `select` and holds those whose good did not change meanwhile; `asked` (when
   * given) are the ids read, and those not found are held as not on sale.
   */
  private async read(
    org: number,
    shopper: Pick<Shopper, 'orgId' | 'now'>,
    asked: readonly number[] | null,
    select: (card: ReturnType<typeof cardRowSql>) => Promise<CardRow[]>,
  ): Promise<Map<number, HeldCard>> {
    const reading: Reading = { changed: new Set(), all: false };
    this.readings.add(reading);
    const readAt = this.now();
    let rows: CardRow[];
    try {
      rows = await select(cardRowSql(shopper));
    } finally {
      this.readings.delete(reading);
    }
    const byId = new Map<number, HeldCard>(rows.map((row) => [row.id, { row, readAt }]));
    if (!reading.all) {
      const held = this.heldOf(org);
      for (const [id, card] of byId) {
        if (reading.changed.has(id)) continue;
        // A row read again as it was keeps its held object, and so what readers made of it: the
        // warming reads every row again every few minutes.
        const before = held.peek(id);
        if (before?.row && isDeepStrictEqual(before.row, card.row)) {
          before.readAt = readAt;
          byId.set(id, before);
        } else held.set(id, card);
      }
      for (const id of asked ?? []) {
        if (!byId.has(id) && !reading.changed.has(id)) held.set(id, { row: null, readAt });
      }
    }
    return byId;
  }

  private startWarming(org: number) {
    const warming: Warming = { startedAt: this.now(), done: Promise.resolve() };
    this.warmed.set(org, warming);
    warming.done = (async () => {
      let after = 0;
      // A forget of everything (or a later warming) takes this one's place: it stops.
      while (this.warmed.get(org) === warming) {
        const from = after;
        const shopper = { orgId: org === 0 ? null : org, now: new Date(this.now()) };
        const rows = await this.read(org, shopper, null, (r) =>
          rowsOf<CardRow>(
            this.db,
            sql`select ${r.columns} from goods g ${r.join}
                where g.id > ${from} and g.enabled order by g.id limit ${WARM_BATCH}`,
            { prepared: true },
          ),
        );
        // Past `max` a warming would only push out what it read in before.
        if (rows.size < WARM_BATCH || this.heldOf(org).size >= this.options.max) return;
        for (const id of rows.keys()) after = id;
      }
    })().catch(() => {
      // A failed warming is tried again at the next search; pages read what they need meanwhile.
      if (this.warmed.get(org) === warming) this.warmed.delete(org);
    });
  }
}
