import type { Answer, AnalysisColumnType, MbtiScores } from '@study/contracts';
import {
  CONFIDENCE_LEVELS,
  DICHOTOMIES,
  DICHOTOMY_LETTERS,
  EXPERIENCE_LEVELS,
  FUNCTIONAL_PAIR_CODES,
  FUNCTIONAL_PAIRS,
  INCONCLUSIVE,
  INTERACTION_STYLE_CODES,
  INTERACTION_STYLES,
  NARDI_CONSISTENCY_MAX,
  NARDI_DICHOTOMY_MAX,
  NARDI_FUNCTIONAL_PAIR_SCORE_MAX,
  NARDI_INTERACTION_STYLE_SCORE_MAX,
  NARDI_TEMPERAMENT_SCORE_MAX,
  NARDI_TYPE_SCORE_MAX,
  TEMPERAMENT_CODES,
  TEMPERAMENTS,
  TYPE_CODES,
  TYPE_SOURCES,
} from '@study/personality';
import { GENOTYPE_SOURCES } from '../../../data-access/open-humans';
import type { ExportRecord, ExportSurvey } from '../../../data-access/participant-records';
import type { CsvValue } from '../csv';

/** One participant as the analysis export reads them: their document and their uploaded MBTI result, if any. */
export interface ExportParticipant {
  participant: ExportRecord;
  mbti?: MbtiScores & { uploadedAt?: Date };
}

/** A participant as the export writes them: under their study pseudonym. */
export interface ExportRow extends ExportParticipant {
  pseudonym: string;
}

/**
 * One column of the analysis export: its header, what its cells may hold and mean (the data
 * dictionary says exactly this), and how a participant's cell is read. The export's header, its
 * rows and its dictionary are all made from EXPORT_COLUMNS, so they cannot drift apart.
 */
export interface ExportColumn {
  name: string;
  type: AnalysisColumnType;
  /** The values a cell may hold, in words. */
  allowed: string;
  values?: readonly string[];
  minimum?: number;
  maximum?: number;
  meaning: string;
  value: (row: ExportRow) => CsvValue;
}

/** Items of a list cell are joined with this (the dictionary's format.listSeparator). */
export const LIST_SEPARATOR = ';';

/** The names of the genotype sources (domain.md section 7). */
const GENOTYPE_SOURCE_NAMES: Readonly<Record<string, string>> = {
  'direct-sharing-128': '23andMe',
  'direct-sharing-129': 'AncestryDNA',
  'direct-sharing-120': 'FamilyTreeDNA',
  'direct-sharing-131': 'genome/exome upload',
  'direct-sharing-40': 'Gencove',
  'direct-sharing-55': 'openSNP',
};

const FINAL_BASES = ['allAgree', 'selfAssessmentConfident', 'inconclusive', 'rejectedAllAgree', 'letterMajority'] as const;
const LETTER_DECISIONS = ['majority', 'mbti', 'nardiScore', 'nardiType'] as const;

const ISO_TIME = 'an ISO 8601 time in UTC, e.g. 2026-03-24T09:15:00.000Z';
/** The statuses each survey can be stored with (the survey rules of svc-participants). */
const TYPE_FINDER_STATUSES = ['pending', 'in-progress', 'completed'];
const NARDI_STATUSES = ['pending', 'in-progress', 'reviewing', 'part-one', 'part-two', 'part-three', 'completed', 'rejected'];
const SELF_ASSESSMENT_STATUSES = ['pending', 'in-progress', 'reviewing', 'completed', 'rejected'];
const MBTI_STATUSES = ['pending', 'started', 'completed'];

// ---- reading a participant ---------------------------------------------------------------------

const survey = (row: ExportParticipant, id: 'typeFinder' | 'nardi' | 'selfAssessment' | 'mbti'): ExportSurvey | undefined => row.participant.surveys?.[id];

/** The survey's status as stored; a survey never touched is 'pending'. */
const status = (id: 'typeFinder' | 'nardi' | 'selfAssessment' | 'mbti') => (row: ExportParticipant) => survey(row, id)?.status ?? 'pending';

/** The type a survey produced: only a completed survey has one. */
const completedType = (id: 'typeFinder' | 'nardi' | 'selfAssessment') => (row: ExportParticipant) => {
  const stored = survey(row, id);
  return stored?.status === 'completed' ? stored.typeCode : undefined;
};

const completedNardi = (row: ExportParticipant): ExportSurvey | undefined => {
  const nardi = survey(row, 'nardi');
  return nardi?.status === 'completed' ? nardi : undefined;
};

const time = (value: string | Date | undefined | null): CsvValue => {
  if (value === undefined || value === null) return undefined;
  return value instanceof Date ? value : new Date(value);
};

function answer(row: ExportParticipant, id: string): Answer | undefined {
  return survey(row, 'selfAssessment')?.answers?.find((candidate) => candidate.id === id);
}

function textAnswer(row: ExportParticipant, id: string): string | undefined {
  const value = answer(row, id)?.value;
  return typeof value === 'string' ? value : undefined;
}

function selections(row: ExportParticipant, id: string): { key: string; explanation?: string }[] {
  const value = answer(row, id)?.value;
  if (!Array.isArray(value)) return [];
  return value.map((selection) => (typeof selection === 'string' ? { key: selection } : { key: selection.value, explanation: selection.extValue }));
}

function hasConsent(participant: ExportRecord): boolean {
  return participant.consent === true && participant.openHumans?.tokens !== undefined;
}

function finalDecision(row: ExportParticipant) {
  return row.participant.finalScore ? (row.participant.finalScoreDecidedBy ?? undefined) : undefined;
}

// ---- column makers -----------------------------------------------------------------------------

type Reader = (row: ExportParticipant) => CsvValue;

const codes = (name: string, values: readonly string[], meaning: string, value: Reader, emptyWhen: string): ExportColumn => ({
  name,
  type: 'string',
  allowed: `one of ${values.join(', ')}; empty ${emptyWhen}`,
  values,
  meaning,
  value,
});

const count = (name: string, maximum: number, meaning: string, value: Reader, emptyWhen: string): ExportColumn => ({
  name,
  type: 'integer',
  allowed: `a whole number from 0 to ${maximum}; empty ${emptyWhen}`,
  minimum: 0,
  maximum,
  meaning,
  value,
});

const timeColumn = (name: string, meaning: string, value: Reader, emptyWhen: string): ExportColumn => ({
  name,
  type: 'datetime',
  allowed: `${ISO_TIME}; empty ${emptyWhen}`,
  meaning,
  value,
});

const flag = (name: string, meaning: string, value: Reader): ExportColumn => ({ name, type: 'boolean', allowed: 'true or false', values: ['true', 'false'], meaning, value });

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const NO_NARDI_SCORES = 'when the Nardi survey is not completed, or its scores were not kept (completed before the study kept them)';

function rankedScore(list: readonly { code: string; score: number }[] | undefined, code: string): number | undefined {
  return list?.find((entry) => entry.code === code)?.score;
}

// ---- the columns -------------------------------------------------------------------------------

/** Every column of the analysis export, in file order. */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  // Identity (pseudonymous).
  {
    name: 'pseudonym',
    type: 'string',
    allowed: 'P followed by 20 hexadecimal digits',
    meaning:
      "The participant's study pseudonym: a keyed hash of their study ID, the same in every download of this export and of the statistics, so files can be joined. It is the only identifier in the file: not the study ID, not the Open Humans member id, no e-mail, name or token. Only the study's key links it back to a participant.",
    value: (row) => row.pseudonym,
  },
  flag('consent', 'True while the participant has consented and the study holds their Open Humans access (false after withdrawal).', (row) => hasConsent(row.participant)),

  // Genotype data on Open Humans.
  flag('genotypeFilePresent', "True when the member's Open Humans data held a file from a genotype source when last read (at consent, or a later refresh).", (row) => row.participant.snpFileUploaded === true),
  {
    name: 'genotypeSources',
    type: 'list',
    allowed: `the source ids, separated by '${LIST_SEPARATOR}', each one of ${[...GENOTYPE_SOURCES].join(', ')}; empty when none, or when last read before the study kept the sources (see genotypeFilePresent)`,
    values: [...GENOTYPE_SOURCES],
    meaning: `The genotype sources the member's Open Humans files come from: ${[...GENOTYPE_SOURCES].map((source) => `${source} ${GENOTYPE_SOURCE_NAMES[source] ?? ''}`.trim()).join(', ')}.`,
    value: (row) => (row.participant.genotypeSources ?? []).join(LIST_SEPARATOR),
  },

  // TypeFinder.
  codes('typeFinderStatus', TYPE_FINDER_STATUSES, 'Where the participant is with the TypeFinder test.', status('typeFinder'), 'never'),
  codes('typeFinderType', TYPE_CODES, 'The type the TypeFinder test gave.', completedType('typeFinder'), 'until the TypeFinder result is claimed'),

  // Nardi.
  codes('nardiStatus', NARDI_STATUSES, "Where the participant is with the Nardi survey (part-one to part-three: that part saved; 'rejected': declined).", status('nardi'), 'never'),
  codes('nardiType', TYPE_CODES, 'The Nardi type: the type chosen in part four.', completedType('nardi'), 'until the Nardi survey is completed'),
  codes('nardiTemperamentChosen', TEMPERAMENT_CODES, 'The temperament chosen in Nardi part two.', (row) => completedNardi(row)?.selectedTemperament, 'until the Nardi survey is completed'),
  codes('nardiPairChosen', FUNCTIONAL_PAIR_CODES, 'The functional pair chosen in Nardi part three.', (row) => completedNardi(row)?.selectedFP, 'until the Nardi survey is completed'),
  count(
    'nardiConsistency',
    NARDI_CONSISTENCY_MAX,
    'How far the part two to four choices agree with the part-one scores (domain.md section 4), out of 10.',
    (row) => completedNardi(row)?.consistency,
    'until scoring has computed it for the completed survey',
  ),
  ...TYPE_CODES.map((code) =>
    count(`nardiScore${code}`, NARDI_TYPE_SCORE_MAX, `Nardi part-one score of ${code}: the answers supporting it (the 16 scores add up to 200).`, (row) => rankedScore(completedNardi(row)?.scores?.typeCodes, code), NO_NARDI_SCORES),
  ),
  ...DICHOTOMY_LETTERS.map((letter) => {
    const pair = DICHOTOMIES.find((candidate) => (candidate as readonly string[]).includes(letter))!;
    return count(
      `nardiDichotomy${letter}`,
      NARDI_DICHOTOMY_MAX,
      `Nardi dichotomy score of ${letter}: the sum of the 8 type scores with ${letter} (${pair[0]} + ${pair[1]} = 200).`,
      (row) => completedNardi(row)?.scores?.dichotPref[letter],
      NO_NARDI_SCORES,
    );
  }),
  ...TEMPERAMENT_CODES.map((code) =>
    count(`nardiTemperament${code}`, NARDI_TEMPERAMENT_SCORE_MAX, `Nardi temperament score of ${TEMPERAMENTS[code].title}: the sum of its 4 type scores.`, (row) => rankedScore(completedNardi(row)?.scores?.temperaments, code), NO_NARDI_SCORES),
  ),
  ...FUNCTIONAL_PAIR_CODES.map((code) =>
    count(
      `nardiPair${code}`,
      NARDI_FUNCTIONAL_PAIR_SCORE_MAX,
      `Nardi functional pair score of ${code} ${FUNCTIONAL_PAIRS[code].title}: the sum of its 2 type scores.`,
      (row) => rankedScore(completedNardi(row)?.scores?.functionalPairs, code),
      NO_NARDI_SCORES,
    ),
  ),
  ...INTERACTION_STYLE_CODES.map((code) =>
    count(
      `nardiStyle${capitalized(code)}`,
      NARDI_INTERACTION_STYLE_SCORE_MAX,
      `Nardi interaction style score of ${INTERACTION_STYLES[code].name}: the sum of its 4 type scores.`,
      (row) => completedNardi(row)?.scores?.interactionStyles[code],
      NO_NARDI_SCORES,
    ),
  ),

  // Self-assessment.
  codes('selfAssessmentStatus', SELF_ASSESSMENT_STATUSES, "Where the participant is with the self-assessment ('rejected': declined with 'No thank you').", status('selfAssessment'), 'never'),
  codes('selfAssessmentType', TYPE_CODES, 'Self-assessment answer: the type the participant thinks fits them best.', (row) => textAnswer(row, 'personalityType'), 'until answered'),
  {
    name: 'selfAssessmentTypeSources',
    type: 'list',
    allowed: `the answers, separated by '${LIST_SEPARATOR}', each one of ${TYPE_SOURCES.join(', ')}; empty until answered`,
    values: TYPE_SOURCES,
    meaning: 'Self-assessment answer: how the participant arrived at that type (MBTI: the official assessment; Alternate: another test; Read: reading about the types; Other: see selfAssessmentTypeSourceOther).',
    value: (row) => selections(row, 'typeSource').map((selection) => selection.key).join(LIST_SEPARATOR),
  },
  {
    name: 'selfAssessmentTypeSourceOther',
    type: 'string',
    allowed: 'free text written by the participant; empty unless Other was chosen',
    meaning: "Self-assessment answer: the participant's explanation of 'Other' as typed (a cell starting with =, +, -, @, tab or CR carries a leading apostrophe, see format.formulaNeutralisation).",
    value: (row) => selections(row, 'typeSource').find((selection) => selection.key === 'Other')?.explanation,
  },
  codes('selfAssessmentConfidence', CONFIDENCE_LEVELS, 'Self-assessment answer: how sure the participant is that the type is their best fit.', (row) => textAnswer(row, 'confidence'), 'until answered'),
  codes('selfAssessmentExperience', EXPERIENCE_LEVELS, 'Self-assessment answer: the participant\'s experience with personality type.', (row) => textAnswer(row, 'experience'), 'until answered'),

  // Official MBTI.
  codes('mbtiStatus', MBTI_STATUSES, "Where the participant is with the official MBTI assessment ('started': 'I am Ready'; 'completed': marked as taken).", status('mbti'), 'never'),
  codes('mbtiType', TYPE_CODES, 'The official MBTI whole type, as uploaded by the study team (FormM_WholeType).', (row) => row.mbti?.wholeType, 'until the MBTI result is uploaded'),
  ...([1, 2, 3, 4] as const).map(
    (n): ExportColumn => ({
      name: `mbtiPci${n}`,
      type: 'number',
      allowed: `a number as the MBTI provider gave it; empty until the MBTI result is uploaded`,
      meaning: `Official MBTI preference clarity index of dichotomy ${n} (${DICHOTOMIES[n - 1]!.join('/')}), as uploaded (FormM_pci${n}).`,
      value: (row) => row.mbti?.[`pci${n}`],
    }),
  ),
  ...([1, 2, 3, 4] as const).map(
    (n): ExportColumn => ({
      name: `mbtiDpref${n}`,
      type: 'number',
      allowed: `a number as the MBTI provider gave it; empty until the MBTI result is uploaded`,
      meaning: `Official MBTI dichotomous preference score of dichotomy ${n} (${DICHOTOMIES[n - 1]!.join('/')}), as uploaded (FormM_dpref${n}).`,
      value: (row) => row.mbti?.[`dpref${n}`],
    }),
  ),

  // The final type (domain.md section 5).
  codes('finalType', [...TYPE_CODES, INCONCLUSIVE], 'The final type scoring computed from TypeFinder, Nardi, the self-assessment and, once uploaded, the MBTI type.', (row) => row.participant.finalScore?.typeCode, 'until the three required surveys are done'),
  codes(
    'finalDecidedBy',
    FINAL_BASES,
    "Which rule of the final score decided it: allAgree (every result the same type), selfAssessmentConfident (results differ, the participant is 80% sure or more: their own type), inconclusive (results differ, under 80% sure), rejectedAllAgree (self-assessment declined; TypeFinder, Nardi and MBTI agree), letterMajority (self-assessment declined: letter by letter, see finalDecidedByEI..JP).",
    (row) => finalDecision(row)?.basis,
    'without a final type, or for a final type computed before the study kept how it was decided',
  ),
  ...DICHOTOMIES.map(([first, second], position) =>
    codes(
      `finalDecidedBy${first}${second}`,
      LETTER_DECISIONS,
      `For a letterMajority final type: how its ${first}/${second} letter was decided: majority (more of TypeFinder, Nardi, MBTI chose it), mbti (a tie, given to MBTI), nardiScore (a tie without MBTI, given to the higher Nardi dichotomy score), nardiType (those scores equal too: the Nardi type's letter).`,
      (row) => finalDecision(row)?.letters?.[position]?.decidedBy,
      'unless finalDecidedBy is letterMajority',
    ),
  ),

  // Timestamps.
  timeColumn('enrolledAt', 'When the participant was first created (their first consent).', (row) => row.participant.createdAt, 'never'),
  timeColumn('consentedAt', 'When the participant last consented.', (row) => row.participant.consentedAt, 'for a participant who never consented through Open Humans'),
  timeColumn('withdrawnAt', 'When the participant last left the Open Humans project (withdrew).', (row) => row.participant.withdrawnAt, 'unless withdrawn since the last consent'),
  timeColumn('typeFinderCompletedAt', 'When the TypeFinder result was claimed (the test completed).', (row) => survey(row, 'typeFinder')?.completedAt, 'until then'),
  timeColumn('nardiCompletedAt', 'When the Nardi survey was completed (part four) or declined.', (row) => survey(row, 'nardi')?.completedAt, 'until then'),
  timeColumn('selfAssessmentCompletedAt', 'When the self-assessment was completed or declined.', (row) => survey(row, 'selfAssessment')?.completedAt, 'until then'),
  timeColumn('mbtiCompletedAt', 'When the participant marked the official MBTI assessment as taken.', (row) => survey(row, 'mbti')?.completedAt, 'until then'),
  timeColumn('mbtiUploadedAt', 'When the official MBTI result was last uploaded with changed scores.', (row) => row.mbti?.uploadedAt, 'until uploaded'),
  timeColumn('finalScoredAt', 'When scoring computed the current final type.', (row) => time(row.participant.finalScore?.computedAt), 'without a final type'),
  timeColumn('updatedAt', "When the participant's record last changed.", (row) => row.participant.updatedAt, 'never'),
];

/** The CSV header: every column's name, in file order. */
export const EXPORT_HEADER: readonly string[] = EXPORT_COLUMNS.map((column) => column.name);

/** One participant's row, in the order of EXPORT_COLUMNS. */
export function exportRow(row: ExportRow): CsvValue[] {
  return EXPORT_COLUMNS.map((column) => column.value(row));
}
