/** A module's tables; another module's tables.ts may name them for a foreign key. */
export const members = 'member';
