// For tests and scripts that run the stand-in in-process.
export { createTypeFinderStandin, contentSecurityPolicy, jsonLog, type TypeFinderStandin, type StandinOptions, type StandinLog, type LogLevel } from './app';
export { ConfigError, loadConfig, type StandinConfig } from './config';
export { QUIZ, scoreQuiz, type QuizQuestion } from './quiz';
export { SIGNATURE_HEADER, signBody, sendResult, type TypeFinderResult } from './webhook';
