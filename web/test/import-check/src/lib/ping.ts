// Refused: ping.ts and pong.ts import each other (a cycle).
import { pong } from './pong.ts';

export const ping = (n: number): number => (n > 0 ? pong(n - 1) : 0);
