export * from './picodollars';
export * from './format-money';
