import type { EnrollmentStep } from '@study/contracts';

export const STEP_LABELS: Record<EnrollmentStep, string> = {
  enrolled: 'Enrolled',
  consented: 'Consented',
  typeFinder: 'TypeFinder done',
  nardi: 'Nardi done',
  selfAssessment: 'Self-assessment done',
  mbti: 'MBTI result in',
  finalType: 'Final type',
  report: 'Final report',
};

export const number = new Intl.NumberFormat('en-US');

export function percent(part: number, whole: number): string {
  if (whole <= 0) return '–';
  const value = Math.round((part / whole) * 100);
  return value === 0 && part > 0 ? '<1%' : `${value}%`;
}
