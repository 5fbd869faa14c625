/** Password hashing for members (sign-in, registration, resets) and the demo members, and of cash card secrets. */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from './errors.ts';

/** argon2id with the OWASP baseline: 19 MiB, 2 passes, 1 lane (the library's defaults, pinned). */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export const PASSWORD_HASH_BUSY = 'The shop is busy checking passwords. Please try again in a moment.';

/**
 * At most `atOnce` hashes run at a time (each takes 19 MiB and a thread) and at most `waiting`
 * wait for their turn; one more is refused at once with 503 and Retry-After, so a flood of
 * logins cannot starve the server of memory or threads. The process's one limit
 * (PASSWORD_HASHES_AT_ONCE, PASSWORD_HASH_QUEUE), set when the app is built.
 */
const limits = { atOnce: 4, waiting: 64 };
let running = 0;
const queue: Array<() => void> = [];

export const limitPasswordHashing = (next: { atOnce: number; waiting: number }) => {
  limits.atOnce = next.atOnce;
  limits.waiting = next.waiting;
};

const limited = async <T>(work: () => Promise<T>): Promise<T> => {
  if (running >= limits.atOnce) {
    if (queue.length >= limits.waiting) {
      throw new AppError(503, PASSWORD_HASH_BUSY, { headers: { 'Retry-After': '1' } });
    }
    await new Promise<void>((resolve) => queue.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line (running stays the same), else frees up.
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  }
};

export const hashPassword = (password: string) => limited(() => hash(password, OPTIONS));

export const verifyPassword = (stored: string, password: string): Promise<boolean> =>
  limited(async () => {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  });

let dummy: Promise<string> | undefined;

/**
 * Spends the time of one verification and answers false: used when the account does not exist,
 * so the answer takes as long as a wrong password does.
 */
export const verifyAgainstNothing = async (password: string): Promise<false> => {
  dummy ??= hash(randomBytes(16).toString('hex'), OPTIONS);
  await verifyPassword(await dummy, password);
  return false;
};
