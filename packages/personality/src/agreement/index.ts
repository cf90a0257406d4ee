export * from './agreement';
