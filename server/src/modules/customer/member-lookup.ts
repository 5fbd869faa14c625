import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { columns } from '../../db/columns.ts';
import { rowsOf, sqlName } from '../../lib/sql.ts';
import { memberIdOfNo } from './member-admin.ts';
import { member } from './tables.ts';

/** Members as other modules' back-office lists need them: found by what an operator types, and named. */

/** At most this many members match one typed text (a list filter narrows to them). */
export const MEMBER_MATCHES_MAX = 500;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The ids of members an operator means by `text`: the e-mail (any case), the phone (its digits),
 * the member number (R000123), or the start of the name (any case). At most MEMBER_MATCHES_MAX.
 * Each is its own index lookup (the name's in byte order, member_name_prefix_idx), so a broad
 * name start costs as little as an exact e-mail, however many members the shop has.
 */
export const memberIdsMatching = async (db: Db, text: string): Promise<number[]> => {
  const typed = text.trim();
  const digits = typed.replace(/[\s()+-]/g, '');
  const no = memberIdOfNo(typed);
  const ways = [sql`select id from member where lower(email) = ${typed.toLowerCase()}`];
  if (/^[0-9]{5,}$/.test(digits)) ways.push(sql`select id from member where phone = ${digits}`);
  if (no?.kind) ways.push(sql`select id from member where id = ${no.id} and kind = ${no.kind}`);
  ways.push(
    sql`(select id from member where (lower(user_name) collate "C") like ${`${likeEscaped(typed.toLowerCase())}%`}
         order by (lower(user_name) collate "C"), id limit ${MEMBER_MATCHES_MAX})`,
  );
  // Planned for its text each time, not prepared: a generic plan cannot turn `like $2` into a
  // range of the name index, and read every member (5 ms at 5,000 members, against 1.8 ms and
  // 0.5 ms of planning for the text's own plan).
  const idColumn = columns({ id: member.id });
  const rows = await rowsOf(
    db,
    idColumn.query`select ${idColumn} from (${sql.join(ways, sql` union `)}) t order by id limit ${MEMBER_MATCHES_MAX}`,
  );
  return rows.map((r) => r.id);
};

export interface MemberContact {
  id: number;
  memberNo: string;
  name: string;
  email: string;
  phone: string;
}

const contactColumns = columns({
  id: member.id,
  member_no: member.memberNo,
  user_name: member.userName,
  email: member.email,
  phone: member.phone,
});

/** The name, e-mail and phone of each member in `ids`, by id. */
export const memberContacts = async (db: Db, ids: readonly number[]): Promise<Map<number, MemberContact>> => {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf(
    db,
    contactColumns.query`select ${contactColumns} from member where id = any(${`{${[...new Set(ids)].join(',')}}`}::int[])`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, memberNo: r.member_no, name: r.user_name, email: r.email, phone: r.phone },
    ]),
  );
};

/**
 * The contact of the member joined as `alias` (with `joinMember`), for another module's list
 * that shows who each row is in the same round trip: `member_contact`, a JSON MemberContact.
 */
export const memberContactColumn = (alias: string) => {
  const m = sqlName(alias);
  return columns({
    member_contact: sql<MemberContact>`json_build_object('id', ${m}.id, 'memberNo', ${m}.member_no, 'name', ${m}.user_name,
    'email', ${m}.email, 'phone', ${m}.phone)`,
  });
};
