export * from './money';
export * from './pricing';
export * from './phone';
export * from './orders';
export * from './categories';
export * from './slots';
export * from './discount';
export * from './zones';
