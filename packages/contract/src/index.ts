export * from './api.js';
export * from './admin.js';
export * from './socket.js';
export * from './categories.js';
export * from './limits.js';
export * from './money.js';
export * from './zodiac.js';
export * from './telegram.js';
