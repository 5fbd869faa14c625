import { orderList } from '../orders/index.ts';
// Refused: another module's inner files, for a value and for a type alike.
import { orderList as listed } from '../orders/service.ts';
import type { label } from '../orders/words.ts';

export const shipments = (): unknown[] => [orderList(), listed(), 'shipped' satisfies typeof label];
