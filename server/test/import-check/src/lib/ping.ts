import { pong } from './pong.ts';

export const ping = (): string => pong();
