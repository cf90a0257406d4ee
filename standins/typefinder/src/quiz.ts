/**
 * The stand-in's quiz: four forced-choice questions written for this study, one per letter
 * pair. It only has to produce a plausible four-letter type for development and tests; it is
 * not a personality instrument.
 */
export interface QuizQuestion {
  /** The form field name. */
  name: 'energy' | 'information' | 'decisions' | 'lifestyle';
  prompt: string;
  options: readonly [{ letter: string; text: string }, { letter: string; text: string }];
}

export const QUIZ: readonly QuizQuestion[] = [
  {
    name: 'energy',
    prompt: 'After a busy week, what recharges you most?',
    options: [
      { letter: 'E', text: 'An evening out with friends' },
      { letter: 'I', text: 'A quiet evening on my own' },
    ],
  },
  {
    name: 'information',
    prompt: 'When you learn something new, what do you want first?',
    options: [
      { letter: 'S', text: 'Concrete facts and a worked example' },
      { letter: 'N', text: 'The big idea and where it could lead' },
    ],
  },
  {
    name: 'decisions',
    prompt: 'Facing a hard choice, what carries the most weight?',
    options: [
      { letter: 'T', text: 'What makes the most sense on paper' },
      { letter: 'F', text: 'How it will affect the people involved' },
    ],
  },
  {
    name: 'lifestyle',
    prompt: 'How do you like your weekend plans?',
    options: [
      { letter: 'J', text: 'Settled in advance' },
      { letter: 'P', text: 'Open, to see what comes up' },
    ],
  },
];

/** The type the answers give, or the names of the questions left unanswered (or answered with something else). */
export function scoreQuiz(form: Record<string, unknown>): { typeCode: string } | { unanswered: QuizQuestion['name'][] } {
  const letters: string[] = [];
  const unanswered: QuizQuestion['name'][] = [];
  for (const question of QUIZ) {
    const value = form[question.name];
    const option = question.options.find((candidate) => candidate.letter === value);
    if (option) letters.push(option.letter);
    else unanswered.push(question.name);
  }
  return unanswered.length > 0 ? { unanswered } : { typeCode: letters.join('') };
}
