// The pure engine (state machine, validation, answer helpers) and the React component that
// renders it. Frontends render <QuestionFlow>; services and tests can use the engine alone.
export * from './engine';
export * from './components';
