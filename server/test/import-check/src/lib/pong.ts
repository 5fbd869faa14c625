import { ping } from './ping.ts';

export const pong = (): string => (Math.random() > 2 ? ping() : 'pong');
