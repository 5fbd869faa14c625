import { ping } from '../src/lib/ping.ts';

// Demo data may not use the server (server-seed-alone): this import is refused.
export const demoGoods = [ping()];
