export * from './codes';
export * from './temperaments';
export * from './functional-pairs';
export * from './interaction-styles';
export * from './personality-types';
