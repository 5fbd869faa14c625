import { type SQL, sql } from 'drizzle-orm';
import type { RawRow } from '../../db/columns.ts';
import { sqlName } from '../../lib/sql.ts';
import type { member } from './tables.ts';

/**
 * The member table's public face in SQL, for another module's statement that reads a member in
 * the same round trip (the session lookup on every signed-in request, comment lists): it joins
 * the member with `joinMember` and selects what these give, typed by the rows below, so only
 * this module names the table and its columns (README: "How the code is laid out").
 */

type MemberColumns = RawRow<typeof member>;

/** `join member <alias> on <alias>.id = <memberId>`. */
export const joinMember = (alias: string, memberId: SQL): SQL => {
  const m = sqlName(alias);
  return sql`join member ${m} on ${m}.id = ${memberId}`;
};

/** True while the member joined as `alias` is not disabled: a disabled member has no live session. */
export const memberEnabled = (alias: string): SQL => sql`${sqlName(alias)}.disabled_at is null`;

/** What a session carries of the member joined as `alias` (a `SessionMemberRow`). */
export const sessionMemberColumns = (alias: string): SQL => {
  const m = sqlName(alias);
  return sql`${m}.id as member_id, ${m}.kind, (${m}.vip and (${m}.vip_until is null or ${m}.vip_until > now())) as vip,
  case when ${m}.vip and ${m}.vip_until > now() then (extract(epoch from ${m}.vip_until - now()) * 1000)::float8 end as vip_ends_in_ms`;
};

/** A row of `sessionMemberColumns`: `vip` is the club membership in force now. */
export type SessionMemberRow = {
  member_id: MemberColumns['id'];
  kind: MemberColumns['kind'];
  vip: boolean;
  /** Milliseconds until a membership with an end date ends; null otherwise. */
  vip_ends_in_ms: number | null;
};

/** The name the member goes by (nickname or contact name) of the member joined as `alias` (a `MemberNameRow`). */
export const memberNameColumn = (alias: string): SQL => sql`${sqlName(alias)}.user_name as member_name`;

/** A row of `memberNameColumn`. */
export type MemberNameRow = { member_name: MemberColumns['user_name'] };
