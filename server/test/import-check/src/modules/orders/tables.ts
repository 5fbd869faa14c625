import { members } from '../members/tables.ts';

export const orders = `order of ${members}`;
