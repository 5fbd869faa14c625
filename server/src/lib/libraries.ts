/**
 * Libraries that only some requests or some shops use, loaded at their first use instead of when
 * the process starts. Loaded at the start they took about 1.4 s of the 3.4 s of CPU a server
 * process or a command spent loading its code (exceljs 0.5 s, pdfkit 0.35 s, stripe and ioredis
 * 0.2 s each, nodemailer 0.13 s, on a test machine at half speed), though a shop without Stripe,
 * Redis or SMTP never uses three of them and most processes never write a spreadsheet or a PDF.
 */
const once = <T>(load: () => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
};

/** Spreadsheets: order import, the exports, the cash-card sheet. */
export const loadExcel = once(async () => (await import('exceljs')).default);
/** The tax invoice PDF. */
export const loadPdfKit = once(async () => (await import('pdfkit')).default);
/** Stripe's client, on a shop that takes payments through Stripe. */
export const loadStripe = once(async () => (await import('stripe')).default);
/** Redis, when REDIS_URL is set. */
export const loadRedis = once(async () => (await import('ioredis')).Redis);
/** SMTP, when SMTP_URL is set. */
export const loadSmtp = once(async () => (await import('nodemailer')).createTransport);
