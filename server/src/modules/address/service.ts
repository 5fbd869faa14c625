import {
  ADDRESSES_MAX,
  type Address,
  type AddressPage,
  type addressInputSchema,
  type addressUpdateSchema,
} from '@mall/shared/contract/address';
import type { OrderAddress } from '@mall/shared/contract/order';
import { isRowId } from '@mall/shared/contract/row-id';
import { regionOf } from '@mall/shared/nz-regions';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { columns, counted, type RowOf } from '../../db/columns.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { holdMember } from '../customer/index.ts';
import { address } from './tables.ts';

/**
 * A member's shipping addresses in New Zealand (docs/orders.md: addresses).
 *
 * Rules: a member with addresses always has exactly one default. The first address saved becomes
 * it; choosing another as the default clears it on the others in the same transaction (the partial
 * unique index `address_one_default_per_member` backs this up); deleting the default passes it to
 * the newest address left. The default is changed by choosing another, so saving the default with
 * `isDefault` false leaves it the default. At most ADDRESSES_MAX addresses per member.
 *
 * Every change holds the member's row (`lockMember`) until it commits, so two requests of the same
 * member (two tabs) cannot pass the limit or leave two defaults or none between them.
 *
 * Another member's address answers 404 exactly like one that does not exist.
 */

export const ADDRESS_NOT_FOUND = { field: 'id', message: 'This address is not in your address book.' };
export const ADDRESSES_FULL = `You can keep at most ${ADDRESSES_MAX} addresses. Delete one you no longer use to add another.`;

type AddressInput = z.output<typeof addressInputSchema>;
type AddressUpdate = z.output<typeof addressUpdateSchema>;

const addressColumns = columns({
  id: address.id,
  recipient: address.recipient,
  phone: address.phone,
  street: address.street,
  suburb: address.suburb,
  city: address.city,
  region: address.region,
  postcode: address.postcode,
  is_default: address.isDefault,
});
type AddressRow = RowOf<typeof addressColumns>;

/** The region's name and island; a stored region is always one of NZ_REGIONS (the contract checks it). */
const regionFacts = (code: string) => {
  const region = regionOf(code);
  if (!region) throw new Error(`address: unknown region code ${JSON.stringify(code)}`);
  return { regionName: region.name, island: region.island };
};

const orderAddressOf = (r: AddressRow): OrderAddress => ({
  recipient: r.recipient,
  phone: r.phone,
  street: r.street,
  suburb: r.suburb,
  city: r.city,
  region: r.region,
  ...regionFacts(r.region),
  postcode: r.postcode,
});

const addressOf = (r: AddressRow): Address => ({ id: r.id, ...orderAddressOf(r), isDefault: r.is_default });

/** Whether an address is the member's default (`is_default`). */
const defaultColumn = columns({ is_default: address.isDefault });

/** Default first, then newest. */
const listOrder = sql`is_default desc, created_at desc, id desc`;

/** GET /api/customer/address: one page of the member's addresses, the default first, then newest. */
export const listAddresses = async (
  db: Db,
  memberId: number,
  page: { pageNum: number; pageSize: number },
): Promise<AddressPage> => {
  const offset = (page.pageNum - 1) * page.pageSize;
  const listed = addressColumns.and({ total: sql<number>`count(*) over ()::int` });
  const rows = await rowsOf(
    db,
    listed.query`select ${listed} from address
        where member_id = ${memberId}
        order by ${listOrder}
        limit ${page.pageSize} offset ${offset}`,
  );
  // A page past the end has no rows to carry the total: count it apart.
  const total =
    rows[0]?.total ??
    (offset === 0
      ? 0
      : (await rowsOf(db, counted.query`select ${counted} from address where member_id = ${memberId}`))[0]!
          .n);
  return { records: rows.map(addressOf), total, pageNum: page.pageNum, pageSize: page.pageSize };
};

/** Runs `change` in a transaction holding the member's row, so the member's address changes run one at a time. */
const withMemberHeld = <T>(db: Db, memberId: number, change: (tx: Tx) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await holdMember(tx, memberId);
    return change(tx);
  });

/** Clears the member's default, except on `keepId`. */
const clearDefault = (tx: Tx, memberId: number, keepId: number | null) =>
  tx.execute(
    sql`update address set is_default = false, updated_at = now()
        where member_id = ${memberId} and is_default
        ${keepId === null ? sql`` : sql`and id <> ${keepId}`}`,
  );

/** POST /api/customer/address: saves a new address; the first (or any while none is the default) becomes the default. */
export const createAddress = async (db: Db, memberId: number, input: AddressInput): Promise<Address> =>
  withMemberHeld(db, memberId, async (tx) => {
    const held = counted.and({ has_default: sql<boolean>`coalesce(bool_or(is_default), false)` });
    const [state] = await rowsOf(
      tx,
      held.query`select ${held}
          from address where member_id = ${memberId}`,
    );
    if (state!.n >= ADDRESSES_MAX) throw conflict(ADDRESSES_FULL);
    const isDefault = input.isDefault || !state!.has_default;
    if (isDefault && state!.has_default) await clearDefault(tx, memberId, null);
    const [row] = await rowsOf(
      tx,
      // clock_timestamp: two addresses saved in one transaction's time still order newest first.
      addressColumns.query`insert into address (member_id, recipient, phone, street, suburb, city, region, postcode, is_default, created_at)
          values (${memberId}, ${input.recipient}, ${input.phone}, ${input.street}, ${input.suburb},
                  ${input.city}, ${input.region}, ${input.postcode}, ${isDefault}, clock_timestamp())
          returning ${addressColumns}`,
    );
    return addressOf(row!);
  });

/** PUT /api/customer/address: replaces the member's address `id` (404 when it is not theirs). */
export const updateAddress = async (db: Db, memberId: number, input: AddressUpdate): Promise<Address> => {
  if (!isRowId(input.id)) throw notFound(ADDRESS_NOT_FOUND);
  return withMemberHeld(db, memberId, async (tx) => {
    const [current] = await rowsOf(
      tx,
      defaultColumn.query`select ${defaultColumn} from address where id = ${input.id} and member_id = ${memberId}`,
    );
    if (!current) throw notFound(ADDRESS_NOT_FOUND);
    // The default stays the default until another is chosen.
    const isDefault = input.isDefault || current.is_default;
    if (isDefault && !current.is_default) await clearDefault(tx, memberId, input.id);
    const [row] = await rowsOf(
      tx,
      addressColumns.query`update address set recipient = ${input.recipient}, phone = ${input.phone}, street = ${input.street},
            suburb = ${input.suburb}, city = ${input.city}, region = ${input.region},
            postcode = ${input.postcode}, is_default = ${isDefault}, updated_at = now()
          where id = ${input.id} and member_id = ${memberId}
          returning ${addressColumns}`,
    );
    return addressOf(row!);
  });
};

/** DELETE /api/customer/address/{id}: removes the member's address; the default passes to the newest left. */
export const deleteAddress = async (db: Db, memberId: number, id: number): Promise<void> => {
  if (!isRowId(id)) throw notFound(ADDRESS_NOT_FOUND);
  return withMemberHeld(db, memberId, async (tx) => {
    const [gone] = await rowsOf(
      tx,
      defaultColumn.query`delete from address where id = ${id} and member_id = ${memberId} returning ${defaultColumn}`,
    );
    if (!gone) throw notFound(ADDRESS_NOT_FOUND);
    if (gone.is_default) {
      await tx.execute(
        sql`update address set is_default = true, updated_at = now()
            where id = (select id from address where member_id = ${memberId}
                        order by created_at desc, id desc limit 1)`,
      );
    }
  });
};

/**
 * The member's address `addressId` as one JSON value (null when it does not exist or is not
 * theirs), for the order module's statement that reads it beside other things in its
 * transaction; `addressSnapshotOf` reads the value.
 */
export const addressSnapshotSql = (memberId: number, addressId: number): SQL =>
  isRowId(addressId)
    ? sql`(select row_to_json(a) from (select ${addressColumns} from address
          where id = ${addressId} and member_id = ${memberId}) a)`
    : sql`null::json`;

/** The value of `addressSnapshotSql`. */
export type AddressSnapshotRow = AddressRow;

/** The address of `addressSnapshotSql`'s value as an order keeps it. */
export const addressSnapshotOf = (row: AddressSnapshotRow | null): OrderAddress | null =>
  row ? orderAddressOf(row) : null;

/**
 * The member's address `addressId` as an order keeps it, or null when it does not exist or is not
 * theirs. `db` may be a transaction.
 */
export const addressSnapshot = async (
  db: Db,
  memberId: number,
  addressId: number,
): Promise<OrderAddress | null> => {
  const snapshot = columns({ address: sql<AddressRow | null>`${addressSnapshotSql(memberId, addressId)}` });
  const [row] = await rowsOf(db, snapshot.query`select ${snapshot}`);
  return addressSnapshotOf(row?.address ?? null);
};
