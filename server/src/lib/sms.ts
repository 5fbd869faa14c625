import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { outboxFileName, writeWhole } from './mailer.ts';

export interface SmsMessage {
  /** Digits only, as the member entered it (NZ numbers such as 0211234567). */
  to: string;
  text: string;
  /** Not secret in the outbox; a provider adapter must not log them. */
  logFields?: Record<string, string>;
}

/**
 * Sends text messages. The default writes each message to the outbox folder and the log; a
 * provider adapter (e.g. an SMS gateway's HTTP API) implements the same interface.
 */
export interface SmsSender {
  /** `none`: no way to send text messages (a live shop without an SMS provider refuses phone targets). */
  readonly kind: string;
  send(message: SmsMessage): Promise<void>;
}

export const createOutboxSms = (outboxDir: string, log: FastifyBaseLogger): SmsSender => ({
  kind: 'outbox',
  send: async ({ to, text, logFields }) => {
    await mkdir(outboxDir, { recursive: true });
    const file = path.join(outboxDir, outboxFileName(`sms-${to}`, 'txt'));
    await writeWhole(file, `To: ${to}\nDate: ${new Date().toISOString()}\n\n${text}\n`);
    log.info({ to, file, ...logFields }, 'text message written to the outbox (no SMS provider is set)');
  },
});

/** A live shop without an SMS provider: nothing is sent, and callers refuse phone targets first. */
export const noSms: SmsSender = {
  kind: 'none',
  send: async () => {
    throw new Error('No SMS provider is set');
  },
};
