export { PartOnePage } from './components/PartOnePage';
export { NARDI_QUESTIONS, questionText } from './nardi-questions';
export { partOneInput, partOneProgressInput } from './api/part-one-input';
