export * from './items';
export * from './scoring';
export * from './stored-scores';
export * from './offers';
export * from './consistency';
