export * from './errors';
export * from './types';
export * from './questions';
export * from './validation';
export * from './answers';
export * from './state-machine';
