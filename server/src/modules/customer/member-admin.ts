import type { MemberKind } from '@mall/shared/contract/account';
import type {
  MemberListed,
  MemberPage,
  MemberProfile,
  MemberSearch,
} from '@mall/shared/contract/admin/members';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { columns, counted, type RowOf } from '../../db/columns.ts';
import { rowsOf } from '../../lib/sql.ts';
import { member } from './tables.ts';

/** What the back office reads and changes of members (docs/back-office-members.md). */

/** `%` and `_` typed by the operator match themselves, not any text. */
const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The id a member number names (R000123, W45, 123), or null when it names none. */
export const memberIdOfNo = (no: string): { id: number; kind: MemberKind | null } | null => {
  const m = /^([RrWw])?0*(\d{1,9})$/.exec(no.trim());
  if (!m) return null;
  const id = Number(m[2]);
  if (id < 1 || id > 2_147_483_647) return null;
  const kind = m[1] === undefined ? null : m[1].toUpperCase() === 'W' ? 'wholesale' : 'retail';
  return { id, kind };
};

const ISO = (d: Date | string) => new Date(d).toISOString();

/** Counted up to this many: past it a list says "more than" rather than counting every match. */
export const MEMBER_COUNT_CAP = 1000;

const EMAIL = sql`(lower(email) collate "C")`;
const PHONE = sql`(phone collate "C")`;
const NAME = sql`(lower(user_name) collate "C")`;

const listedColumns = columns({
  id: member.id,
  member_no: member.memberNo,
  kind: member.kind,
  user_name: member.userName,
  email: member.email,
  phone: member.phone,
  created_at: member.createdAt,
  disabled: sql<boolean>`disabled_at is not null`,
});

/**
 * Members matching every given field. Each text field matches the start of its column and the
 * list is in that column's order (the first of e-mail, phone, name given), so one index
 * (member_*_prefix_idx, byte order) finds the matches and orders them, however broad the
 * prefix; a member number is one primary-key lookup; with neither, newest first.
 */
export const searchMembers = async (db: Db, q: MemberSearch): Promise<MemberPage> => {
  const where: SQL[] = [];
  const order: SQL[] = [];
  if (q.memberNo) {
    const no = memberIdOfNo(q.memberNo);
    if (!no) return { records: [], total: 0, more: false, pageNum: q.pageNum, pageSize: q.pageSize };
    where.push(sql`id = ${no.id}`);
    if (no.kind) where.push(sql`kind = ${no.kind}`);
  }
  for (const [value, column] of [
    [q.email?.toLowerCase(), EMAIL],
    [q.phone, PHONE],
    [q.name?.toLowerCase(), NAME],
  ] as const) {
    if (!value) continue;
    where.push(sql`${column} like ${likePrefix(value)}`);
    if (order.length === 0) order.push(sql`${column}`, sql`id`);
  }
  if (q.kind) where.push(sql`kind = ${q.kind}`);
  const filter = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const orderBy = order.length ? sql.join(order, sql`, `) : sql`id desc`;
  const [rows, [count]] = await Promise.all([
    rowsOf(
      db,
      listedColumns.query`select ${listedColumns}
          from member ${filter} order by ${orderBy} limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
    ),
    rowsOf(
      db,
      counted.query`select ${counted} from (select 1 from member ${filter} limit ${MEMBER_COUNT_CAP + 1}) t`,
    ),
  ]);
  const n = count?.n ?? 0;
  const records: MemberListed[] = rows.map((r) => ({
    id: r.id,
    memberNo: r.member_no,
    kind: r.kind,
    name: r.user_name,
    email: r.email,
    phone: r.phone,
    disabled: r.disabled,
    createdAt: ISO(r.created_at),
  }));
  return {
    records,
    total: Math.min(n, MEMBER_COUNT_CAP),
    more: n > MEMBER_COUNT_CAP,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
};

const profileColumns = columns({
  id: member.id,
  member_no: member.memberNo,
  kind: member.kind,
  user_name: member.userName,
  email: member.email,
  phone: member.phone,
  created_at: member.createdAt,
  address: member.address,
  driver_licence: member.driverLicence,
  card_no: member.cardNo,
  company_trading_name: member.companyTradingName,
  company_number: member.companyNumber,
  nzbn: member.nzbn,
  disabled_at: member.disabledAt,
  club: sql<boolean>`(vip and (vip_until is null or vip_until > now()))`,
  club_until: sql<Date | string | null>`case when vip and vip_until > now() then vip_until end`,
});

const profileOf = (r: RowOf<typeof profileColumns>): MemberProfile => ({
  id: r.id,
  memberNo: r.member_no,
  kind: r.kind,
  name: r.user_name,
  email: r.email,
  phone: r.phone,
  disabled: r.disabled_at !== null,
  createdAt: ISO(r.created_at),
  address: r.address,
  driverLicence: r.driver_licence,
  cardNo: r.card_no,
  companyTradingName: r.company_trading_name,
  companyNumber: r.company_number,
  nzbn: r.nzbn,
  club: r.kind === 'retail' && r.club,
  clubUntil: r.kind === 'retail' && r.club_until !== null ? ISO(r.club_until) : null,
  disabledAt: r.disabled_at === null ? null : ISO(r.disabled_at),
});

export const memberProfile = async (db: Db, id: number): Promise<MemberProfile | null> => {
  const [row] = await rowsOf(db, profileColumns.query`select ${profileColumns} from member where id = ${id}`);
  return row ? profileOf(row) : null;
};

/**
 * Disables or enables the member, their row held to the end of `tx`; answers whether it was
 * disabled before, or null when there is no such member. (Ending their sessions is the auth module's.)
 */
export const setMemberDisabled = async (
  tx: Tx,
  id: number,
  disabled: boolean,
): Promise<{ wasDisabled: boolean } | null> => {
  const disabledColumn = columns({ disabled: sql<boolean>`disabled_at is not null` });
  const [before] = await rowsOf(
    tx,
    disabledColumn.query`select ${disabledColumn} from member where id = ${id} for no key update`,
  );
  if (!before) return null;
  if (before.disabled !== disabled)
    await tx.execute(
      sql`update member set disabled_at = ${disabled ? sql`now()` : null}, updated_at = now() where id = ${id}`,
    );
  return { wasDisabled: before.disabled };
};
