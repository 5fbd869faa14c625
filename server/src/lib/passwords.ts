/** Password hashing for members (sign-in, registration, resets) and the demo members, and of cash card secrets. */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP baseline: 19 MiB, 2 passes, 1 lane (the library's defaults, pinned). */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export const verifyPassword = async (stored: string, password: string): Promise<boolean> => {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
};

let dummy: Promise<string> | undefined;

/**
 * Spends the time of one verification and answers false: used when the account does not exist,
 * so the answer takes as long as a wrong password does.
 */
export const verifyAgainstNothing = async (password: string): Promise<false> => {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummy, password);
  return false;
};
