import { ErrorCodes, nardiReportSchema, type NardiReportView } from '@study/contracts';
import { buildNardiReport, isPersonalityError, type NardiReport } from '@study/personality';
import { AppError } from '@study/service-kit';
import { storedScores, type NardiResultRecord } from '../../data-access/reports-collection';

/**
 * Builds the Nardi report from the stored result (buildNardiReport). Scores that cannot make a
 * report (a dichotomy of 0, an unknown code, missing scores: only corrupt data does this) are a
 * 422 naming the problem, never a 500.
 */
export function buildReportFromResult(result: NardiResultRecord): NardiReport {
  const scores = storedScores(result.scores);
  if (!scores) {
    throw new AppError(422, ErrorCodes.NARDI_SCORES_INVALID, 'Your Nardi report cannot be made: the Nardi result arrived without its scores. Please contact the study team.');
  }
  try {
    return buildNardiReport({
      typeCodes: scores.typeCodes,
      functionalPairs: scores.functionalPairs,
      temperaments: scores.temperaments,
      dichotPref: scores.dichotPref,
      interactionStyles: scores.interactionStyles,
      selectedTypeCode: result.typeCode,
      selectedFP: result.selectedFP,
      consistency: result.consistency,
    });
  } catch (err) {
    if (isPersonalityError(err)) {
      throw new AppError(422, err.code, `Your Nardi report cannot be made from the stored scores: ${err.message} Please contact the study team.`, { cause: err });
    }
    throw err;
  }
}

/** The answer of POST /api/user/nardi/report: the participant, the survey status and the report. */
export function nardiReportView(pgId: string, report: NardiReport, generatedAt: Date): NardiReportView {
  return nardiReportSchema.parse({ pgId, status: 'completed', generatedAt: generatedAt.toISOString(), ...report });
}
