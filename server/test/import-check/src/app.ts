import { memberOrders } from './modules/members/index.ts';
// Refused: a module's inner file from outside modules/.
import { orderList } from './modules/orders/service.ts';

export const app = () => [memberOrders(), orderList()];
