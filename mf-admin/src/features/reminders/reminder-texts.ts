import {
  PROJECT_MEMBER_ID_PLACEHOLDER,
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MIN,
  hasOtherTemplateSyntax,
  type ReminderStep,
} from '@study/contracts';

/** Each step as the study team knows it: where the participant stopped. */
export const REMINDER_STEP_LABELS: Record<ReminderStep, string> = {
  typeFinder: 'Consented, but no TypeFinder yet',
  nardi: 'TypeFinder done, but no Nardi yet',
  selfAssessment: 'Nardi done, but no self-assessment yet',
};

export const number = new Intl.NumberFormat('en-US');
export const plural = (count: number, one: string, many = `${one}s`) => `${number.format(count)} ${count === 1 ? one : many}`;

export function checkDays(text: string): string | undefined {
  const days = Number(text);
  if (text.trim() === '' || !Number.isInteger(days) || days < REMINDER_DAYS_MIN || days > REMINDER_DAYS_MAX) {
    return `Enter a whole number of days from ${REMINDER_DAYS_MIN} to ${REMINDER_DAYS_MAX}.`;
  }
  return undefined;
}

export function checkText(what: string, value: string, max: number): string | undefined {
  if (value.trim() === '') return `Write the ${what}.`;
  if (value.length > max) return `The ${what} may have at most ${number.format(max)} characters (it has ${number.format(value.length)}).`;
  if (hasOtherTemplateSyntax(value)) return `Use ${PROJECT_MEMBER_ID_PLACEHOLDER} for the member's id, and no other {{ }}, {% %} or {# #}: Open Humans would read them as template code.`;
  return undefined;
}
