/** What the back office's content routes (admin-routes.ts, admin-page-routes.ts) share on the server. */

export const tags = ['back office'];

/** A checked body's times (ISO text) as the dates the tables take; a time left out stays out. */
export const dates = <T extends { startsAt?: string | null; endsAt?: string | null }>(b: T) => ({
  ...b,
  ...(b.startsAt === undefined ? {} : { startsAt: b.startsAt ? new Date(b.startsAt) : null }),
  ...(b.endsAt === undefined ? {} : { endsAt: b.endsAt ? new Date(b.endsAt) : null }),
});
