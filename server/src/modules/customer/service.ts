import type {
  AccountInfo,
  Member,
  MemberKind,
  retailProfileEditSchema,
  retailRegisterSchema,
  wholesaleProfileEditSchema,
  wholesaleRegisterSchema,
} from '@mall/shared/contract/account';
import { fromCents } from '@mall/shared/money';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { columns, type RowOf } from '../../db/columns.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { rowsOf, uniqueViolation } from '../../lib/sql.ts';
import type { Storage } from '../../lib/storage.ts';
import { findOrganisation } from '../reference/index.ts';
import { member as memberTable } from './tables.ts';

/** Members (docs/accounts.md): reading, registering and changing them. Credentials checks are in modules/auth. */

/** A member as the account shows it: `vip` is the membership in force now. */
const memberColumns = columns({
  id: memberTable.id,
  kind: memberTable.kind,
  email: memberTable.email,
  phone: memberTable.phone,
  user_name: memberTable.userName,
  member_no: memberTable.memberNo,
  driver_licence: memberTable.driverLicence,
  address: memberTable.address,
  card_no: memberTable.cardNo,
  vip: sql<boolean>`(vip and (vip_until is null or vip_until > now()))`,
  avatar_url: memberTable.avatarUrl,
  org_id: memberTable.orgId,
  company_trading_name: memberTable.companyTradingName,
  company_number: memberTable.companyNumber,
  nzbn: memberTable.nzbn,
});

/** A member's id (`id`): what a lookup by e-mail or phone, or an insert, answers. */
const idColumn = columns({ id: memberTable.id });

const toMember = async (db: Db, r: RowOf<typeof memberColumns>): Promise<Member> => ({
  id: r.id,
  kind: r.kind,
  userName: r.user_name,
  userNo: r.member_no,
  userPhone: r.phone,
  userAccount: r.email,
  orgName: r.org_id === null ? null : ((await findOrganisation(db, r.org_id))?.name ?? null),
  orgId: r.org_id,
  cardNo: r.card_no,
  driverLicense: r.driver_licence,
  address: r.address,
  userIsVIP: r.kind === 'retail' && r.vip,
  avatarUrl: r.avatar_url,
  companyTradingName: r.company_trading_name,
  companyNumber: r.company_number,
  nzbn: r.nzbn,
});

const oneMember = async (db: Db, where: SQL): Promise<Member | null> => {
  const [row] = await rowsOf(db, memberColumns.query`select ${memberColumns} from member where ${where}`);
  return row ? toMember(db, row) : null;
};

/**
 * Holds the member's row until the end of `tx`, so changes that must run one member at a time
 * (the address book) do. Not FOR UPDATE: rows of other tables that only refer to the member
 * (key share) are not held up.
 */
export const holdMember = async (tx: Tx, id: number) => {
  await tx.execute(sql`select id from member where id = ${id} for no key update`);
};

export const findMember = (db: Db, id: number) => oneMember(db, sql`id = ${id}`);

/** The member's e-mail address as a scalar subquery, for another module's statement (null when the member is gone). */
export const memberEmailSql = (id: number): SQL => sql`(select email from member where id = ${id})`;

/** The member's e-mail address (where their mail goes); null when the member is gone. */
export const memberEmail = async (db: Db, id: number): Promise<string | null> => {
  const emailColumn = columns({ email: memberTable.email });
  const [row] = await rowsOf(db, emailColumn.query`select ${emailColumn} from member where id = ${id}`);
  return row?.email ?? null;
};

/** The member, or 404 (a token outliving its member). */
export const getMember = async (db: Db, id: number): Promise<Member> => {
  const member = await findMember(db, id);
  if (!member) throw notFound('This member no longer exists.');
  return member;
};

/** What signing in needs to know about an account: e-mail (any case) or phone (digits). */
export interface Credentials {
  id: number;
  kind: MemberKind;
  passwordHash: string;
  /** The shop has disabled the member (back office): they cannot sign in. */
  disabled: boolean;
}

const accountWhere = (account: string): SQL | null => {
  const a = account.trim();
  if (a.includes('@')) return sql`lower(email) = ${a.toLowerCase()}`;
  if (/^\d{1,20}$/.test(a)) return sql`phone = ${a}`;
  return null;
};

export const findCredentials = async (db: Db, account: string): Promise<Credentials | null> => {
  const where = accountWhere(account);
  if (!where) return null;
  const credentials = columns({
    id: memberTable.id,
    kind: memberTable.kind,
    password_hash: memberTable.passwordHash,
    disabled: sql<boolean>`disabled_at is not null`,
  });
  const [row] = await rowsOf(db, credentials.query`select ${credentials} from member where ${where}`);
  return row ? { id: row.id, kind: row.kind, passwordHash: row.password_hash, disabled: row.disabled } : null;
};

export const findPasswordHash = async (db: Db, id: number): Promise<string | null> => {
  const hash = columns({ password_hash: memberTable.passwordHash });
  const [row] = await rowsOf(db, hash.query`select ${hash} from member where id = ${id}`);
  return row?.password_hash ?? null;
};

export const setPasswordHash = async (db: Db, id: number, passwordHash: string) => {
  await db.execute(
    sql`update member set password_hash = ${passwordHash}, password_changed_at = now(), updated_at = now()
        where id = ${id}`,
  );
};

/** The member holding this e-mail (any case), or null. */
export const emailOwner = async (db: Db, email: string): Promise<number | null> => {
  const [row] = await rowsOf(
    db,
    idColumn.query`select ${idColumn} from member where lower(email) = ${email.trim().toLowerCase()}`,
  );
  return row?.id ?? null;
};

/** The member holding this phone, or null ('' belongs to nobody). */
export const phoneOwner = async (db: Db, phone: string): Promise<number | null> => {
  if (phone === '') return null;
  const [row] = await rowsOf(db, idColumn.query`select ${idColumn} from member where phone = ${phone}`);
  return row?.id ?? null;
};

export const EMAIL_TAKEN = 'This e-mail is already registered.';
export const PHONE_TAKEN = 'This phone number is already registered.';

/** 409 naming the field when the e-mail or phone belongs to another member. */
export const assertFree = async (
  db: Db,
  fields: { email?: [field: string, value: string]; phone?: [field: string, value: string] },
  exceptId: number | null = null,
) => {
  if (fields.email) {
    const owner = await emailOwner(db, fields.email[1]);
    if (owner !== null && owner !== exceptId)
      throw conflict({ field: fields.email[0], message: EMAIL_TAKEN });
  }
  if (fields.phone) {
    const owner = await phoneOwner(db, fields.phone[1]);
    if (owner !== null && owner !== exceptId)
      throw conflict({ field: fields.phone[0], message: PHONE_TAKEN });
  }
};

/** A unique violation (a race with another request) as the same 409 the checks give. */
const asConflict = (err: unknown, fields: { email: string; phone: string }): unknown => {
  const constraint = uniqueViolation(err);
  if (constraint === 'member_email_unique') return conflict({ field: fields.email, message: EMAIL_TAKEN });
  if (constraint === 'member_phone_unique') return conflict({ field: fields.phone, message: PHONE_TAKEN });
  return err;
};

const orNull = (s: string | undefined | null) => (s === undefined || s === null || s === '' ? null : s);

export type RetailRegisterInput = z.output<typeof retailRegisterSchema>;
export type WholesaleRegisterInput = z.output<typeof wholesaleRegisterSchema>;

/** Inserts a member from a validated register body (the code is checked by the caller). */
export const insertMember = async (
  db: Db,
  input:
    | ({ kind: 'retail' } & RetailRegisterInput & { passwordHash: string })
    | ({ kind: 'wholesale' } & WholesaleRegisterInput & { passwordHash: string }),
): Promise<{ id: number; kind: MemberKind }> => {
  const wholesale = input.kind === 'wholesale' ? input : null;
  const retail = input.kind === 'retail' ? input : null;
  try {
    const [row] = await rowsOf(
      db,
      idColumn.query`insert into member (kind, email, phone, password_hash, user_name, driver_licence, address,
                              company_trading_name, company_number, nzbn)
          values (${input.kind}, ${input.userAccount}, ${input.userPhone}, ${input.passwordHash}, ${input.userName},
                  ${orNull(retail?.driverLicense)}, ${orNull(input.address)},
                  ${wholesale?.companyTradingName ?? null}, ${wholesale?.companyNumber ?? null}, ${wholesale?.nzbn ?? null})
          returning ${idColumn}`,
    );
    return { id: row!.id, kind: input.kind };
  } catch (err) {
    throw asConflict(err, { email: 'userAccount', phone: 'userPhone' });
  }
};

export type RetailProfileEditInput = z.output<typeof retailProfileEditSchema>;
export type WholesaleProfileEditInput = z.output<typeof wholesaleProfileEditSchema>;

/** Where a member's uploaded pictures are kept (storage keys). */
export const avatarFolder = (memberId: number) => `avatars/${memberId}/`;

/**
 * Applies a profile edit (validated with the schema of the member's kind). `avatarUrl` must be a
 * picture this member uploaded; the picture it replaces is deleted.
 */
export const editProfile = async (
  db: Db,
  storage: Storage,
  memberId: number,
  edit: RetailProfileEditInput | WholesaleProfileEditInput,
): Promise<Member> => {
  const current = await getMember(db, memberId);
  let avatarUrl = current.avatarUrl;
  if (edit.avatarUrl !== undefined) {
    if (edit.avatarUrl === null || edit.avatarUrl === '') avatarUrl = null;
    else {
      const key = storage.keyOf(edit.avatarUrl);
      if (!key?.startsWith(avatarFolder(memberId)) || !(await storage.exists(key))) {
        throw badRequest({
          field: 'avatarUrl',
          message: 'Upload the picture first; only your own uploaded pictures can be used.',
        });
      }
      avatarUrl = edit.avatarUrl;
    }
  }
  const driverLicence =
    'driverLicense' in edit && edit.driverLicense !== undefined
      ? orNull(edit.driverLicense)
      : current.driverLicense;
  const address = edit.address !== undefined ? orNull(edit.address) : current.address;
  await db.execute(
    sql`update member set user_name = ${edit.userName}, driver_licence = ${driverLicence}, address = ${address},
               avatar_url = ${avatarUrl}, updated_at = now()
        where id = ${memberId}`,
  );
  if (current.avatarUrl && current.avatarUrl !== avatarUrl) {
    const old = storage.keyOf(current.avatarUrl);
    if (old?.startsWith(avatarFolder(memberId))) await storage.delete(old);
  }
  return getMember(db, memberId);
};

export const setEmail = async (db: Db, memberId: number, email: string) => {
  try {
    await db.execute(sql`update member set email = ${email}, updated_at = now() where id = ${memberId}`);
  } catch (err) {
    throw asConflict(err, { email: 'email', phone: 'phone' });
  }
};

export const setPhone = async (db: Db, memberId: number, phone: string) => {
  try {
    await db.execute(sql`update member set phone = ${phone}, updated_at = now() where id = ${memberId}`);
  } catch (err) {
    throw asConflict(err, { email: 'email', phone: 'value' });
  }
};

/** What the member's wallet holds (the wallet module answers it; app.ts passes it in). */
export interface AccountBalances {
  points: number;
  cashCents: number;
  coupons: number;
  discountCards: number;
  /** How many favourite goods the member keeps (the favourite module answers it). */
  favourites: number;
}
export type AccountBalancesOf = (db: Db, memberId: number) => Promise<AccountBalances>;

const clubUntil = columns({ vip_until: memberTable.vipUntil });

/** The member with their balances, their favourites count and the end of their club membership. */
export const accountInfoOf = async (
  db: Db,
  memberId: number,
  balancesOf: AccountBalancesOf,
): Promise<AccountInfo> => {
  const [member, balances, [club]] = await Promise.all([
    getMember(db, memberId),
    balancesOf(db, memberId),
    rowsOf(
      db,
      clubUntil.query`select ${clubUntil} from member where id = ${memberId} and vip and vip_until > now()`,
    ),
  ]);
  return {
    member,
    points: balances.points,
    cashBalance: fromCents(balances.cashCents),
    coupons: balances.coupons,
    discountCards: balances.discountCards,
    favourites: balances.favourites,
    vipUntil: member.userIsVIP && club?.vip_until ? new Date(club.vip_until).toISOString() : null,
  };
};
