// The cart's shared pieces: the cassa's order widget and the checkout show cart lines and the code box too.
export { CartLineItem } from './CartLineItem';
export { DiscountCodeForm } from './DiscountCodeForm';
export { CartTotals } from './CartTotals';
