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
