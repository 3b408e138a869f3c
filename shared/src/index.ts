export * from './catalog.js';
export * from './contract/common.js';
export * from './contract/product.js';
export * from './domain/images.js';
