import { SAMPLE_DICHOT_PREF, SAMPLE_TEMPERAMENTS } from '@study/personality/testing';
import type { FinalScoreRecord } from '../data-access/reports-collection';

/** A final score with every input present (the fullest report), computed at `computedAt`. */
export function sampleFinalScore(computedAt: Date): FinalScoreRecord {
  return {
    version: 1,
    typeCode: 'INTJ',
    decidedBy: { basis: 'selfAssessmentConfident' },
    inputs: {
      typeFinder: { typeCode: 'INTJ' },
      nardi: { typeCode: 'INTP', consistency: 7, dichotPref: SAMPLE_DICHOT_PREF, temperaments: SAMPLE_TEMPERAMENTS.map((t) => ({ ...t })) },
      selfAssessment: { status: 'completed', personalityType: 'INTJ', confidence: '90%' },
      mbti: { wholeType: 'ENTJ' },
    },
    computedAt,
  };
}
