import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { loadSmtp } from './libraries.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Not secret in the outbox (a local default for development); never logged when SMTP sends. */
  logFields?: Record<string, string>;
}

/** SMTP connections a process keeps open at once (mail/delivery.ts sends at most 8 held mails at once). */
export const SMTP_CONNECTIONS = 4;

/** Sends mail: SMTP when `SMTP_URL` is set, otherwise the outbox folder and a log line (docs/accounts.md: verification codes). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Writes `file` whole or not at all (a reader never sees half a message). */
export const writeWhole = async (file: string, body: string | Buffer) => {
  await writeFile(`${file}.tmp`, body);
  await rename(`${file}.tmp`, file);
};

/** A file name that sorts by time and says who the message is for. */
export const outboxFileName = (to: string, ext: string) =>
  `${new Date().toISOString().replaceAll(':', '-')}-${to.replace(/[^A-Za-z0-9@.+-]/g, '_')}-${randomBytes(3).toString('hex')}.${ext}`;

export const createMailer = (
  opts: { smtpUrl: string | undefined; from: string; outboxDir: string },
  log: FastifyBaseLogger,
): Mailer => {
  if (opts.smtpUrl) {
    // Connections are kept open and reused (at most SMTP_CONNECTIONS at once, each for up to 100
    // messages) rather than opened for every message: an order rush would otherwise open one
    // connection per order, which costs a handshake each and which mail providers limit. The
    // URL's own `?pool=false` turns that off.
    const smtpUrl = opts.smtpUrl;
    // Made at the first message (nodemailer is loaded then: libraries.ts).
    let transport: Promise<Transporter> | undefined;
    const open = () => {
      transport ??= loadSmtp().then((createTransport) =>
        createTransport({ url: smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS }, { from: opts.from }),
      );
      return transport;
    };
    return {
      kind: 'smtp',
      send: async ({ to, subject, text }) => {
        await (await open()).sendMail({ to, subject, text });
        log.info({ to }, 'mail sent');
      },
      close: () => void transport?.then((t) => t.close()),
    };
  }
  return {
    kind: 'outbox',
    send: async ({ to, subject, text, logFields }) => {
      // Nodemailer's composer builds the message (headers, encoding) as its SMTP transport would,
      // without the transport's stream around it (about 40% less CPU a message).
      const message = await new MailComposer({ from: opts.from, to, subject, text, newline: 'unix' })
        .compile()
        .build();
      const file = path.join(opts.outboxDir, outboxFileName(to, 'eml'));
      try {
        await writeWhole(file, message);
      } catch (err) {
        // The folder is made when a mail finds it missing, not before every mail.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await mkdir(opts.outboxDir, { recursive: true });
        await writeWhole(file, message);
      }
      log.info({ to, file, ...logFields }, 'mail written to the outbox (SMTP_URL is not set)');
    },
    close: () => {},
  };
};
