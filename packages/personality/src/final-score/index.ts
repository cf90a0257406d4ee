export * from './survey-order';
export * from './final-score';
export * from './explanations';
