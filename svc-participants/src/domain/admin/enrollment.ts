import { enrollmentSteps, type Enrollment, type EnrollmentStep } from '@study/contracts';
import { AgreementTally, ENROLLMENT_TARGET_PER_TYPE, ENROLLMENT_TARGET_TOTAL, INCONCLUSIVE, isSurveyDone, TYPE_CODES, type TypeCode } from '@study/personality';
import type { SurveySummary } from '../../data-access/participant-records';
import { hasConsent, isDataReady, type JoinedParticipant } from './participant-rows';

const TYPES: ReadonlySet<string> = new Set(TYPE_CODES);

/**
 * The enrollment figures, counted one participant at a time (so a cursor can feed it): final
 * types against the targets of domain.md section 6, how many participants reached each step, and
 * how the instruments' types agree (TypeFinder, Nardi and self-assessment as stored on the
 * participant, MBTI as uploaded).
 */
export class EnrollmentTally {
  private participants = 0;
  private inconclusive = 0;
  private readonly byType = new Map<TypeCode, number>(TYPE_CODES.map((code) => [code, 0]));
  private readonly steps = new Map<EnrollmentStep, number>(enrollmentSteps.map((step) => [step, 0]));
  private readonly agreement = new AgreementTally();

  add(joined: JoinedParticipant): void {
    const { participant } = joined;
    const surveys = participant.surveys ?? {};
    this.participants += 1;
    const reached: Record<EnrollmentStep, boolean> = {
      enrolled: true,
      consented: hasConsent(participant),
      typeFinder: isSurveyDone('typeFinder', surveys.typeFinder?.status),
      nardi: isSurveyDone('nardi', surveys.nardi?.status),
      selfAssessment: isSurveyDone('selfAssessment', surveys.selfAssessment?.status),
      mbti: isDataReady(joined),
      finalType: Boolean(participant.finalScore?.typeCode),
      report: Boolean(participant.finalReport?.generatedAt),
    };
    for (const step of enrollmentSteps) if (reached[step]) this.steps.set(step, (this.steps.get(step) ?? 0) + 1);

    const finalType = participant.finalScore?.typeCode;
    if (finalType === INCONCLUSIVE) this.inconclusive += 1;
    else if (finalType !== undefined && TYPES.has(finalType)) this.byType.set(finalType as TypeCode, (this.byType.get(finalType as TypeCode) ?? 0) + 1);

    // Only a completed survey has a type (a rejected one is done but has none to compare).
    const completedType = (survey?: SurveySummary) => (survey?.status === 'completed' ? survey.typeCode : undefined);
    this.agreement.add({
      typeFinder: completedType(surveys.typeFinder),
      nardi: completedType(surveys.nardi),
      selfAssessment: completedType(surveys.selfAssessment),
      mbti: joined.mbti?.wholeType,
    });
  }

  result(now: Date): Enrollment {
    return {
      targets: { perType: ENROLLMENT_TARGET_PER_TYPE, total: ENROLLMENT_TARGET_TOTAL },
      participants: this.participants,
      byType: TYPE_CODES.map((typeCode) => ({ typeCode, count: this.byType.get(typeCode) ?? 0 })),
      inconclusive: this.inconclusive,
      steps: enrollmentSteps.map((step) => ({ step, count: this.steps.get(step) ?? 0 })),
      agreement: this.agreement.result(),
      generatedAt: now.toISOString(),
    };
  }
}
