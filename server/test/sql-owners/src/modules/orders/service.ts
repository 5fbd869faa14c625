import { sql } from 'drizzle-orm';
import { joinMember } from '../members/service.ts';

// Allowed: the owner's fragment, and the word in text that is not SQL.
export const ordersWithMembers = sql`select o.id from sale_order o ${joinMember(sql`o.member_id`)}`;
export const MEMBER_GONE = 'This member no longer exists: select from member elsewhere.';

// Refused: naming the members module's table.
export const orderMembers = sql`select o.id, m.name from sale_order o join member m on m.id = o.member_id`;
