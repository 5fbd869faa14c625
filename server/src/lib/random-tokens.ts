import { createHash, randomBytes } from 'node:crypto';

/** A secret token: 32 random bytes, base64url (refresh tokens, operator logins, chat visitors). */
export const randomToken = () => randomBytes(32).toString('base64url');

/** The hex SHA-256 of a token: what is stored in its place, so the database never holds a usable token. */
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
