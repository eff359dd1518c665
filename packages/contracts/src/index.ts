export * from './common.js';
export * from './health.js';
