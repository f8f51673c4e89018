// The menu's public entry: the product dialog, which the cart page reopens with 'Modifica'.
export { ProductDialog } from './LazyProductDialog';
export { ProductImage } from './ProductImage';
export { useProductDialog, type DialogTarget } from './useProductDialog';
