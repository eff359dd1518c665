export * from './indicators/index.js';
export * from './market/import/index.js';
export * from './market/index.js';
export * from './metrics/index.js';
export * from './prop/index.js';
export * from './strategy/index.js';
export * from './time.js';
export * from './trading/index.js';
