import { TYPE_CODES } from '../catalogue/codes';

export type QuestionType = 'text' | 'single' | 'multi';
export const QUESTION_TYPES: readonly QuestionType[] = ['text', 'single', 'multi'];

export interface QuestionOption {
  key: string;
  prompt: string;
  /** When set, choosing this option requires a free-text explanation; the value is the field's label. */
  extValue?: string;
}

/** A multi-choice selection: a key, or a key with its explanation. */
export type QuestionSelection = string | { value: string; extValue?: string };

export interface QuestionAnswer {
  id: string | number;
  value: string | readonly QuestionSelection[];
  extValue?: string;
}

export interface QuestionDefinition {
  id: string;
  text: string;
  questionType: QuestionType;
  options: readonly QuestionOption[];
  /** Text questions: the accepted values (compared upper-cased). */
  values?: readonly string[];
  /** Text questions: turns typed text into the stored value. */
  transform?: (value: string) => string;
  /** An extra check beyond the rules of the question type. */
  validator?: (answer: QuestionAnswer) => boolean;
  /** Text questions with values: whether a value should be suggested for what has been typed. */
  filter?: (typed: string, value: string) => boolean;
  /** Text questions: what the field says under it when the text is not accepted (what to type instead). */
  invalidText?: string;
}

export const CONFIDENCE_LEVELS = ['< 80%', '80%', '85%', '90%', '95%', '100%'] as const;
export type ConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];
/** The one confidence level under 80%. */
export const LOW_CONFIDENCE: ConfidenceLevel = '< 80%';

export function isConfidenceLevel(value: unknown): value is ConfidenceLevel {
  return typeof value === 'string' && (CONFIDENCE_LEVELS as readonly string[]).includes(value);
}

export const TYPE_SOURCES = ['MBTI', 'Alternate', 'Read', 'Other'] as const;
export const EXPERIENCE_LEVELS = ['Beginner', '> 5yrs', 'MBTI Cert', 'MBTI > 5yrs', 'MBTI > 10yrs', 'Published'] as const;

const toTypeCodeText = (value: string): string => value.trim().toUpperCase();

/** The self-assessment questions (product.md section 2), in the order they are asked. */
export const SELF_ASSESSMENT_QUESTIONS: readonly QuestionDefinition[] = [
  {
    id: 'personalityType',
    text: 'Which of the 16 personality types do you think fits you best? Type the four letters, for example INFP.',
    questionType: 'text',
    options: [],
    values: TYPE_CODES,
    transform: toTypeCodeText,
    filter: (typed, value) => value.startsWith(toTypeCodeText(typed)),
    invalidText: 'Type one of the 16 four-letter types, for example INFP or ESTJ.',
  },
  {
    id: 'typeSource',
    text: 'How did you arrive at that type? Choose all that apply.',
    questionType: 'multi',
    options: [
      { key: 'MBTI', prompt: 'I took the official MBTI assessment' },
      { key: 'Alternate', prompt: 'I took a different personality type test' },
      { key: 'Read', prompt: 'I read about the types and picked the one that fits me' },
      { key: 'Other', prompt: 'Another way', extValue: 'Please explain' },
    ],
  },
  {
    id: 'confidence',
    text: 'How sure are you that this type is your best fit?',
    questionType: 'single',
    options: [
      { key: '< 80%', prompt: 'Less than 80% sure' },
      { key: '80%', prompt: '80% sure' },
      { key: '85%', prompt: '85% sure' },
      { key: '90%', prompt: '90% sure' },
      { key: '95%', prompt: '95% sure' },
      { key: '100%', prompt: 'Completely sure' },
    ],
  },
  {
    id: 'experience',
    text: 'How much experience do you have with personality type?',
    questionType: 'single',
    options: [
      { key: 'Beginner', prompt: 'I am fairly new to personality type' },
      { key: '> 5yrs', prompt: 'I have been interested in personality type for more than 5 years' },
      { key: 'MBTI Cert', prompt: 'I am certified to give the MBTI assessment' },
      { key: 'MBTI > 5yrs', prompt: 'I have been a certified MBTI practitioner for more than 5 years' },
      { key: 'MBTI > 10yrs', prompt: 'I have been a certified MBTI practitioner for more than 10 years' },
      { key: 'Published', prompt: 'I have published work on personality type' },
    ],
  },
];
