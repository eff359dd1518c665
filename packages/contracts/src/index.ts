export * from './auth.js';
export * from './auth-google.js';
export * from './common.js';
export * from './health.js';
export * from './settings.js';
export * from './ws.js';
