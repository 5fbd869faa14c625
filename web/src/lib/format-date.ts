/** The shop's one date and time formatter (New Zealand English, the shopper's time zone). */

// Each formatter is made on its first use, not when a page's code loads: a tab's first Intl
// formatter loads ICU's locale data (40-110 ms of main thread, docs/benchmarks.md), which a page
// that shows no date (a goods page without a promotion) should not pay.
const formatter = (options: Intl.DateTimeFormatOptions) => {
  let made: Intl.DateTimeFormat | undefined;
  return (d: Date) => {
    made ??= new Intl.DateTimeFormat('en-NZ', options);
    return made.format(d);
  };
};
const shortDate = formatter({ day: 'numeric', month: 'short', year: 'numeric' });
const longDate = formatter({ day: 'numeric', month: 'long', year: 'numeric' });
const dateTime = formatter({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The date of an ISO string, or null when it is missing or unreadable. */
export const parseDate = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** "23 Nov 2026" (lists: orders, reviews); an unreadable value is shown as it came. */
export const formatDate = (iso: string) => {
  const d = parseDate(iso);
  return d ? shortDate(d) : iso;
};

/** "23 Nov 2026, 2:05 pm" (an order's events); an unreadable value is shown as it came. */
export const formatDateTime = (iso: string) => {
  const d = parseDate(iso);
  return d ? dateTime(d) : iso;
};

/** "23 November 2026" (a promotion's end, a page's last update), or null for no readable date. */
export const formatLongDate = (iso: string | null | undefined): string | null => {
  const d = parseDate(iso);
  return d ? longDate(d) : null;
};

const two = (n: number) => String(n).padStart(2, '0');

/** "29:05", or "1:02:03" from an hour up (whole seconds, rounded up so 0:00 means closed): the pay page. */
export const formatTimeLeft = (ms: number): string => {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
};

/** "1h 05m 09s", or "23m 10s" under an hour (whole seconds, rounded down): an order's time to pay. */
export const formatTimeLeftInWords = (ms: number): string => {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}h ${two(m)}m ${two(s)}s` : `${m}m ${two(s)}s`;
};
