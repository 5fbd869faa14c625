// Refused: a shared layer imports a feature.
import { orderView } from '../features/orders/order-view.ts';

export const card = () => orderView();
