import { z } from 'zod';
import { DICHOTOMY_NAMES, INSTRUMENTS, TYPE_CODES } from '@study/personality';
import { auditFiltersSchema } from './audit';
import { mbtiScoresSchema } from './final-score';
import { pgIdSchema } from './ids';

/**
 * The study team's tools (product.md sections 2 and 7): the MBTI score upload, the statistics
 * and roster downloads and the enrollment figures. Every one of them needs the admin master
 * key: in the X-Master-Key header (ADMIN_KEY_HEADER), in the path for the roster
 * (GET /api/ohready/{masterKey}, as the spec has it), or, for the statistics download the
 * browser navigates to, a short-lived signed link made with the key (POST /api/admin/download-links).
 */

/** Most participants one MBTI upload may carry (the study aims at 6,000 in total). */
export const MBTI_UPLOAD_MAX_ROWS = 20_000;

/** The columns of the MBTI provider's export the upload reads (product.md section 3). */
export const MBTI_CSV_COLUMNS = {
  email: 'EMAIL',
  wholeType: 'FormM_WholeType',
  pci1: 'FormM_pci1',
  pci2: 'FormM_pci2',
  pci3: 'FormM_pci3',
  pci4: 'FormM_pci4',
  dpref1: 'FormM_dpref1',
  dpref2: 'FormM_dpref2',
  dpref3: 'FormM_dpref3',
  dpref4: 'FormM_dpref4',
} as const;

/** POST /api/user/mbti: a map of pgId (the part of EMAIL before '@') to that participant's scores. */
export const mbtiUploadRequestSchema = z
  .record(pgIdSchema, mbtiScoresSchema)
  .refine((rows) => Object.keys(rows).length > 0, { message: 'must hold at least one participant' })
  .refine((rows) => Object.keys(rows).length <= MBTI_UPLOAD_MAX_ROWS, { message: `must hold at most ${MBTI_UPLOAD_MAX_ROWS} participants` });
export type MbtiUploadRequest = z.infer<typeof mbtiUploadRequestSchema>;

const count = z.number().int().min(0);

/**
 * The answer to POST /api/user/mbti: the five counts of the bulk write of the scores (a
 * participant's first result is inserted: insertedCount; a participant who has one already is
 * matched: matchedCount, and modified when the scores differ: modifiedCount; unchanged scores
 * are not written again), the study IDs no participant has (nothing is stored for them) and
 * how many participants' results are new or changed (each gets dataReady and one
 * participants.mbti.uploaded.v1 event).
 */
export const mbtiUploadResponseSchema = z.object({
  insertedCount: count,
  matchedCount: count,
  modifiedCount: count,
  deletedCount: count,
  upsertedCount: count,
  unknownPgIds: z.array(z.string()),
  updatedParticipants: count,
});
export type MbtiUploadResponse = z.infer<typeof mbtiUploadResponseSchema>;

/**
 * The statistics download (GET /api/stats): one row per participant, in this column order. The
 * participant is named by their study pseudonym (a keyed hash of the study ID, the same in every
 * download, the same as in the analysis export), never by the study ID.
 */
export const STATS_FILE_NAME = 'statistics.csv';
export const STATS_CSV_COLUMNS = [
  'pseudonym',
  'consent',
  'dataReady',
  'snpFileUploaded',
  'typeFinderStatus',
  'typeFinderType',
  'nardiStatus',
  'nardiType',
  'nardiConsistency',
  'selfAssessmentStatus',
  'selfAssessmentType',
  'mbtiStatus',
  'mbtiType',
  'finalType',
  'enrolledAt',
  'consentedAt',
  'withdrawnAt',
  'mbtiUploadedAt',
  'finalScoredAt',
  'updatedAt',
] as const;

/**
 * The roster (GET /api/ohready/{masterKey}, saved as roster.csv): every participant linked to an
 * Open Humans project member, with what the team needs to reach them there.
 */
export const ROSTER_FILE_NAME = 'roster.csv';
export const ROSTER_CSV_COLUMNS = ['studyId', 'openHumansMemberId', 'consent', 'genotypePresent', 'dataReady', 'consentedAt'] as const;

/** What a signed download link may fetch: the statistics, the audit trail export, the analysis export and its data dictionary. */
export const downloadResources = ['stats', 'audit', 'export', 'dictionary', 'roster'] as const;
export const downloadResourceSchema = z.enum(downloadResources);
export type DownloadResource = z.infer<typeof downloadResourceSchema>;

/** The query parameter carrying a download link's token. */
export const DOWNLOAD_TOKEN_PARAM = 'token';
/** How long a download link works. */
export const DOWNLOAD_LINK_TTL_SECONDS = 60;

/** POST /api/admin/download-links (X-Master-Key): a link the browser can navigate to once, within a minute. */
export const downloadLinkRequestSchema = z.strictObject({
  resource: downloadResourceSchema,
  /** For the audit export only: what it holds (the list's filters); the link carries them. */
  filters: auditFiltersSchema.optional(),
});
export type DownloadLinkRequest = z.infer<typeof downloadLinkRequestSchema>;
export const downloadLinkResponseSchema = z.object({
  /** A path on this origin, e.g. /api/stats?token=... */
  url: z.string().startsWith('/api/'),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type DownloadLinkResponse = z.infer<typeof downloadLinkResponseSchema>;

/** The steps a participant goes through, in order, as the enrollment figures count them. */
export const enrollmentSteps = ['enrolled', 'consented', 'typeFinder', 'nardi', 'selfAssessment', 'mbti', 'finalType', 'report'] as const;
export const enrollmentStepSchema = z.enum(enrollmentSteps);
export type EnrollmentStep = z.infer<typeof enrollmentStepSchema>;

const instrumentSchema = z.enum(INSTRUMENTS);
/** A share of the participants counted, 0..100; null when none were. */
const percentOrNone = z.number().min(0).max(100).nullable();

/**
 * How two instruments agree over the participants who have a type from both (issue 13): the
 * whole type and each letter (percent agreement, Cohen's kappa: null when not defined, i.e. no
 * participants or both instruments gave everyone the same letter) and the 16 x 16 counts.
 */
export const pairAgreementSchema = z.object({
  first: instrumentSchema,
  second: instrumentSchema,
  n: count,
  wholeType: z.object({ agreeing: count, percent: percentOrNone }),
  letters: z
    .array(z.object({ dichotomy: z.enum(DICHOTOMY_NAMES), agreeing: count, percent: percentOrNone, kappa: z.number().min(-1).max(1).nullable() }))
    .length(DICHOTOMY_NAMES.length),
  /** Row = the first instrument's type, column = the second's, both in the 16 types' catalogue order. */
  confusion: z.array(z.array(count).length(TYPE_CODES.length)).length(TYPE_CODES.length),
});
export type PairAgreement = z.infer<typeof pairAgreementSchema>;

/**
 * GET /api/admin/enrollment (X-Master-Key): participants by final type against the targets
 * (domain.md section 6: about 200 per type, 6,000 in total) and how many have reached each step.
 */
export const enrollmentSchema = z.object({
  targets: z.object({ perType: count, total: count }),
  /** Participants enrolled (erased ones are not counted). */
  participants: count,
  /** The 16 types in catalogue order, each with how many participants have it as final type. */
  byType: z.array(z.object({ typeCode: z.enum(TYPE_CODES), count })).length(TYPE_CODES.length),
  /** Final scores that came out 'Inconclusive'. */
  inconclusive: count,
  steps: z.array(z.object({ step: enrollmentStepSchema, count })).length(enrollmentSteps.length),
  /** Each pair of instruments (TypeFinder, Nardi, MBTI, self-assessment), in that order. */
  agreement: z.array(pairAgreementSchema).optional(),
  generatedAt: z.iso.datetime({ offset: true }),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;
