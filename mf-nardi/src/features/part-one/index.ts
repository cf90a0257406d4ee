export { PartOnePage } from './components/PartOnePage';
export { NARDI_QUESTIONS, questionText } from './nardi-questions';
export { partOneInput } from './api/part-one-input';
