import type { LRUCache } from 'lru-cache';
import type { RawRow } from '../../db/columns.ts';
import { growingLru } from '../../lib/lru.ts';
import type { cartLine } from './tables.ts';

/** A line of a member's cart as stored. */
export type LineRow = Pick<RawRow<typeof cartLine>, 'id' | 'sku_id' | 'count' | 'checked'>;

/** A member's cart as this process last saw it: its version and its lines, newest first. */
export interface RememberedCart {
  version: number;
  lines: readonly LineRow[];
}

/**
 * The carts this process last read or wrote, by member. Nothing here is trusted on its own: a
 * change decided on a remembered cart writes only while the cart's version and lines in the
 * database are still the remembered ones (cart-writer.ts), so a cart changed meanwhile by another
 * process, a checkout, another tab or by hand is caught by that write, and read again. No
 * announcements are needed.
 */
export class CartMemory {
  private readonly lru: LRUCache<number, RememberedCart>;

  constructor(max = 20_000) {
    this.lru = growingLru<number, RememberedCart>(max);
  }

  recall(memberId: number): RememberedCart | undefined {
    return this.lru.get(memberId);
  }

  /** Keeps the cart at `version` unless a later version is already kept (answers can finish out of order). */
  remember(memberId: number, version: number, lines: readonly LineRow[]) {
    const held = this.lru.get(memberId);
    if (held && held.version > version) return;
    this.lru.set(memberId, { version, lines });
  }
}
