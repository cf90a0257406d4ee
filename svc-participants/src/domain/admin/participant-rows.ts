import type { SurveyId } from '@study/contracts';
import type { ParticipantRecord } from '../../data-access/participant-records';
import type { CsvValue } from './csv';
import type { PseudonymOf } from './study-pseudonym';

/** A participant's uploaded MBTI result as the admin tools read it. */
export interface UploadedMbti {
  wholeType: string;
  uploadedAt?: Date;
}

/** A participant with their uploaded MBTI result, if any. */
export interface JoinedParticipant {
  participant: ParticipantRecord;
  mbti?: UploadedMbti;
}

/**
 * Pairs each participant with their MBTI result: both inputs must come in ascending study-ID
 * order; a merge of the two, so neither is held in memory. Results of study IDs that are not
 * (or no longer) participants are skipped.
 */
export async function* joinMbtiResults(
  participants: AsyncIterable<ParticipantRecord>,
  results: AsyncIterable<{ _id: string } & UploadedMbti>,
): AsyncGenerator<JoinedParticipant> {
  const resultIterator = results[Symbol.asyncIterator]();
  let result = await resultIterator.next();
  try {
    for await (const participant of participants) {
      while (!result.done && result.value._id < participant._id) result = await resultIterator.next();
      if (!result.done && result.value._id === participant._id) {
        const { wholeType, uploadedAt } = result.value;
        yield { participant, mbti: { wholeType, uploadedAt } };
      } else {
        yield { participant };
      }
    }
  } finally {
    // Stop the results cursor too when the reader stops early (a download the client gave up on).
    await resultIterator.return?.();
  }
}

/** Consent as the dashboard shows it: given, and the Open Humans access token still held. */
export function hasConsent(participant: ParticipantRecord): boolean {
  return participant.consent === true && participant.openHumans?.tokens !== undefined;
}

/** dataReady: the official MBTI result is in (uploaded here, or flagged on the participant). */
export function isDataReady({ participant, mbti }: JoinedParticipant): boolean {
  return participant.dataReady === true || mbti !== undefined;
}

function status(participant: ParticipantRecord, id: SurveyId): string {
  return participant.surveys?.[id]?.status ?? 'pending';
}

function typeCode(participant: ParticipantRecord, id: SurveyId): string | undefined {
  return participant.surveys?.[id]?.typeCode;
}

function time(value: string | Date | undefined): CsvValue {
  if (value === undefined) return undefined;
  return value instanceof Date ? value : new Date(value);
}

/** One row of the statistics CSV, in the order of STATS_CSV_COLUMNS: the participant under their pseudonym. */
export function statisticsRow(joined: JoinedParticipant, pseudonymOf: PseudonymOf): CsvValue[] {
  const { participant, mbti } = joined;
  return [
    pseudonymOf(participant._id),
    hasConsent(participant),
    isDataReady(joined),
    participant.snpFileUploaded === true,
    status(participant, 'typeFinder'),
    typeCode(participant, 'typeFinder'),
    status(participant, 'nardi'),
    typeCode(participant, 'nardi'),
    participant.surveys?.nardi?.consistency,
    status(participant, 'selfAssessment'),
    typeCode(participant, 'selfAssessment'),
    status(participant, 'mbti'),
    mbti?.wholeType,
    participant.finalScore?.typeCode,
    participant.createdAt,
    participant.consentedAt,
    participant.withdrawnAt,
    mbti?.uploadedAt,
    time(participant.finalScore?.computedAt),
    participant.updatedAt,
  ];
}

/** One row of the roster, in the order of ROSTER_CSV_COLUMNS. */
export function rosterRow(joined: JoinedParticipant): CsvValue[] {
  const { participant } = joined;
  return [
    participant._id,
    participant.openHumans?.memberId,
    hasConsent(participant),
    participant.snpFileUploaded === true,
    isDataReady(joined),
    participant.consentedAt,
  ];
}
