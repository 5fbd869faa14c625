import { sql } from 'drizzle-orm';

// Refused: writing the members module's table.
export const renameMember = (id: number) => sql`update member set name = 'x' where id = ${id}`;
