import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { columns, type RawRow, type RowOf } from '../../db/columns.ts';
import { rowsOf } from '../../lib/sql.ts';
import { member } from './tables.ts';

/**
 * A member's club membership as the member row holds it (docs/wallet.md: club membership): `vip`
 * with an optional end, `vip_until`. A change of either is announced to every server process by
 * the database (migration 0011), which drops the sessions it held, so the member's next request
 * is priced at the new tier without signing in again.
 */
export interface ClubMemberState {
  kind: RawRow<typeof member>['kind'];
  /** In the club now. */
  vip: boolean;
  /** When the membership in force ends (ISO); null when it has no end or the member is not in the club. */
  vipUntil: string | null;
  /** Name and contact, for the invoice of a club order. */
  userName: string;
  phone: string;
}

const stateColumns = columns({
  kind: member.kind,
  vip: sql<boolean>`(vip and (vip_until is null or vip_until > now()))`,
  vip_until: sql<string | null>`case when vip and vip_until > now() then to_json(vip_until)#>>'{}' end`,
  user_name: member.userName,
  phone: member.phone,
});

const stateOf = (r: RowOf<typeof stateColumns>): ClubMemberState => ({
  kind: r.kind,
  vip: r.vip,
  vipUntil: r.vip_until === null ? null : new Date(r.vip_until).toISOString(),
  userName: r.user_name,
  phone: r.phone,
});

export const clubMemberState = async (db: Db, memberId: number): Promise<ClubMemberState | null> => {
  const [row] = await rowsOf(
    db,
    stateColumns.query`select ${stateColumns} from member where id = ${memberId}`,
  );
  return row ? stateOf(row) : null;
};

/**
 * The member's state, their row held to the end of `tx` (a payment's transaction), so two
 * payments of one member extend the membership one after the other.
 */
export const holdClubMember = async (tx: Tx, memberId: number): Promise<ClubMemberState | null> => {
  const [row] = await rowsOf(
    tx,
    stateColumns.query`select ${stateColumns} from member where id = ${memberId} for no key update`,
  );
  return row ? stateOf(row) : null;
};

/** The retail member is in the club until `until`. */
export const setClubUntil = async (tx: Tx, memberId: number, until: Date): Promise<void> => {
  await tx.execute(
    sql`update member set vip = true, vip_until = ${until.toISOString()}::timestamptz, updated_at = now()
        where id = ${memberId} and kind = 'retail'`,
  );
};
