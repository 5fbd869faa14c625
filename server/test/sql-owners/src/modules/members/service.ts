import { type SQL, sql } from 'drizzle-orm';

// Allowed: the owner names its own table, and exports a fragment for others' statements.
export const memberNames = sql`select id, name from member`;
export const joinMember = (memberId: SQL) => sql`join member m on m.id = ${memberId}`;
