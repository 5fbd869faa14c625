import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** A mode's server outbox: with no SMTP_URL, mail is written there as .eml files. */
const outboxOf = (mode: 'store' | 'supplier' | 'stripe') =>
  path.join(process.env.E2E_DATA_DIR!, mode, 'outbox');

const mailsIn = (dir: string): string[] => {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'));
  } catch {
    return []; // no mail yet
  }
};

/** The 4-digit code in the newest mail to `to` from the `mode` server, waiting for it to arrive. */
export const codeMailedTo = async (mode: 'store' | 'supplier' | 'stripe', to: string): Promise<string> => {
  let code: string | undefined;
  await expect
    .poll(() => {
      const mail = mailsIn(outboxOf(mode))
        .filter((m) => m.toLowerCase().includes(to.toLowerCase()))
        .at(-1);
      code = mail?.match(/verification code is (\d{4})/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
};

/** Waits for a mail to `to` from the `mode` server whose text (soft line breaks undone) contains `text`. */
export const expectMailTo = async (mode: 'store' | 'supplier', to: string, text: string) => {
  await expect
    .poll(() =>
      mailsIn(outboxOf(mode)).some(
        (m) => m.toLowerCase().includes(`to: ${to.toLowerCase()}`) && m.replace(/=\r?\n/g, '').includes(text),
      ),
    )
    .toBe(true);
};
