import {
  dichotomyPercent,
  DICHOTOMIES,
  finalScoreBasisText,
  getPersonalityType,
  INCONCLUSIVE_EXPLANATION,
  isInconclusive,
  NARDI_CONSISTENCY_MAX,
  NARDI_DICHOTOMY_MAX,
  NARDI_TEMPERAMENT_SCORE_MAX,
  SURVEY_NAMES,
  TEMPERAMENTS,
  toTemperamentCode,
  type DichotomyLetter,
} from '@study/personality';
import type { FinalScoreRecord } from '../../data-access/reports-collection';

export const REPORT_TITLE = 'Final Report';

export interface ReportResultRow {
  /** 'TypeFinder test' */
  survey: string;
  /** 'INTJ' or 'Declined' */
  result: string;
  /** The type's title, or what else the survey tells ('85% sure', 'Consistency 10/10'). */
  detail: string;
}

export interface ReportDichotomyBar {
  left: { letter: DichotomyLetter; score: number; percent: number };
  right: { letter: DichotomyLetter; score: number; percent: number };
  outOf: number;
}

export interface ReportTemperamentBar {
  rank: number;
  /** 'NT Theorist' */
  title: string;
  score: number;
  outOf: number;
}

/** Everything the final report PDF shows, in words and numbers (no layout). */
export interface FinalReportView {
  title: string;
  studyName: string;
  pgId: string;
  /** '1 March 2025' (UTC) */
  date: string;
  finalType: {
    /** 'INTJ' or 'Inconclusive' */
    code: string;
    /** The type's title; absent for Inconclusive. */
    title?: string;
    /** The type's description, or why the result is inconclusive. */
    description: string;
    /** How the final score was reached; absent for Inconclusive, whose description already says why. */
    basis?: string;
  };
  results: ReportResultRow[];
  dichotomies: ReportDichotomyBar[];
  temperaments: ReportTemperamentBar[];
  /** 'Consistency 10/10' */
  consistency: string;
  /** What the report is and when it may change. */
  about: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function reportDate(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function typeRow(survey: string, code: string, extra?: string): ReportResultRow {
  const title = getPersonalityType(code).title;
  return { survey, result: code, detail: extra ? `${title} (${extra})` : title };
}

/**
 * What the final report says for one final score: the final type with its title and
 * description from the catalogue (or 'Inconclusive' with the reason), each survey's result, the
 * Nardi dichotomies and temperaments, the study ID and the date.
 */
export function finalReportView(pgId: string, score: FinalScoreRecord, generatedAt: Date, studyName: string): FinalReportView {
  const { inputs } = score;
  const consistency = `Consistency ${inputs.nardi.consistency}/${NARDI_CONSISTENCY_MAX}`;
  const results: ReportResultRow[] = [
    typeRow(capitalized(SURVEY_NAMES.typeFinder), inputs.typeFinder.typeCode),
    typeRow(SURVEY_NAMES.nardi, inputs.nardi.typeCode, consistency.toLowerCase()),
    inputs.selfAssessment.status === 'completed'
      ? typeRow(capitalized(SURVEY_NAMES.selfAssessment), inputs.selfAssessment.personalityType, `${inputs.selfAssessment.confidence} sure`)
      : { survey: capitalized(SURVEY_NAMES.selfAssessment), result: 'Declined', detail: 'You chose not to take the self-assessment.' },
    ...(inputs.mbti ? [typeRow(capitalized(SURVEY_NAMES.mbti), inputs.mbti.wholeType)] : []),
  ];
  const pref = inputs.nardi.dichotPref;
  const dichotomies = DICHOTOMIES.map(([first, second]) => ({
    left: { letter: first, score: pref[first], percent: dichotomyPercent(pref[first]) },
    right: { letter: second, score: pref[second], percent: dichotomyPercent(pref[second]) },
    outOf: NARDI_DICHOTOMY_MAX,
  }));
  const temperaments = inputs.nardi.temperaments.map(({ code, score: value, rank }) => ({
    rank,
    title: TEMPERAMENTS[toTemperamentCode(code)].title,
    score: value,
    outOf: NARDI_TEMPERAMENT_SCORE_MAX,
  }));
  const basis = finalScoreBasisText(score.decidedBy);
  const finalType = isInconclusive(score.typeCode)
    ? { code: score.typeCode, description: INCONCLUSIVE_EXPLANATION }
    : { code: score.typeCode, title: getPersonalityType(score.typeCode).title, description: getPersonalityType(score.typeCode).description, basis };
  const about =
    `This report sums up your results in the ${studyName} on ${reportDate(generatedAt)}. ` +
    'Your final type is worked out from the TypeFinder test, the Nardi Personality Indicator and your self-assessment, and from your official MBTI result once it has been uploaded; ' +
    'when a result changes, your final type is worked out again and a new report is made. Keep your study ID to find your results later.';
  return { title: REPORT_TITLE, studyName, pgId, date: reportDate(generatedAt), finalType, results, dichotomies, temperaments, consistency, about };
}
