export * from './questions';
export * from './validation';
