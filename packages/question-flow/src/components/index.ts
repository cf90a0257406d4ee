export { QuestionFlow, type QuestionFlowProps } from './QuestionFlow';
export { AUTO_ADVANCE_MS } from './useAutoAdvance';
