import { type SQL, sql } from 'drizzle-orm';
import { aliased, columns, type RowOf } from '../../db/columns.ts';
import { sqlName } from '../../lib/sql.ts';
import { member } from './tables.ts';

/**
 * The member table's public face in SQL, for another module's statement that reads a member in
 * the same round trip (the session lookup on every signed-in request, comment lists): it joins
 * the member with `joinMember` and selects what these give, so only
 * this module names the table and its columns (README: "How the code is laid out"). Each
 * fragment is a select list (`db/columns.ts`) that carries the type of its rows.
 */

/** `join member <alias> on <alias>.id = <memberId>`. */
export const joinMember = (alias: string, memberId: SQL): SQL => {
  const m = sqlName(alias);
  return sql`join member ${m} on ${m}.id = ${memberId}`;
};

/** True while the member joined as `alias` is not disabled: a disabled member has no live session. */
export const memberEnabled = (alias: string): SQL => sql`${sqlName(alias)}.disabled_at is null`;

/**
 * What a session carries of the member joined as `alias`, as fields of a select list
 * (`columns(sessionMemberFields('m'))`, or `.and(...)` after a statement's own): `vip` is the
 * club membership in force now; `vip_ends_in_ms`, the milliseconds until a membership with an
 * end date ends, else null.
 */
export const sessionMemberFields = (alias: string) => {
  const a = sqlName(alias);
  const m = aliased(member, alias);
  return {
    member_id: m.id,
    kind: m.kind,
    vip: sql<boolean>`(${a}.vip and (${a}.vip_until is null or ${a}.vip_until > now()))`,
    vip_ends_in_ms: sql<
      number | null
    >`case when ${a}.vip and ${a}.vip_until > now() then (extract(epoch from ${a}.vip_until - now()) * 1000)::float8 end`,
  };
};

/** The select list of `sessionMemberFields`. */
export const sessionMemberColumns = (alias: string) => columns(sessionMemberFields(alias));

/** The name the member goes by (nickname or contact name) of the member joined as `alias`, as `member_name`. */
export const memberNameColumn = (alias: string) => {
  sqlName(alias);
  return columns({ member_name: aliased(member, alias).userName });
};

/** A row of `memberNameColumn`. */
export type MemberNameRow = RowOf<ReturnType<typeof memberNameColumn>>;
