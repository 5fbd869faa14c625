// Refused: a feature imports a page.
import { cartPage } from '../../pages/CartPage.ts';

export const cartLink = () => cartPage().length;
