/** The mail module's face: what other modules and the app use of it. */
export { createMailQueue, type MailQueue } from './delivery.ts';
export { heldMailRow, type QueuedMail, queueMail } from './service.ts';
