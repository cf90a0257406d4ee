import { ErrorCodes, initialSurveyState, type Answer, type SurveyId, type SurveyInput, type SurveyPatch } from '@study/contracts';
import { SURVEY_ORDER, isSurveyDone } from '@study/personality';
import { AppError } from '@study/service-kit';
import { checkPartialNardiAnswers, nextNardi } from './nardi-rules';
import { checkSelfAssessmentAnswers, nextSelfAssessment } from './self-assessment-rules';
import { nextMbti, nextTypeFinder } from './simple-rules';
import { isClosed, type StoredSurvey } from './stored-survey';
import { surveyName, SURVEY_NAMES } from './survey-errors';

export type StoredSurveys = Partial<Record<SurveyId, StoredSurvey>>;

/** What a save does: nothing (the same state again), or a new state and the event it publishes. */
export type SurveyChange =
  | { kind: 'unchanged'; surveyId: SurveyId }
  | { kind: 'saved'; surveyId: SurveyId; next: StoredSurvey; event: SurveyEventKind | null };

/** nardi-answered: part one saved (its answers go to scoring); completed / rejected: the survey closed. */
export type SurveyEventKind = 'nardi-answered' | 'completed' | 'rejected';

const NEXT_STATE: Readonly<Record<SurveyId, (stored: StoredSurvey, input: SurveyInput) => StoredSurvey>> = {
  selfAssessment: nextSelfAssessment,
  nardi: nextNardi,
  typeFinder: nextTypeFinder,
  mbti: nextMbti,
};

export function storedOrInitial(surveys: StoredSurveys, id: SurveyId): StoredSurvey {
  return surveys[id] ?? initialSurveyState(id);
}

/** The answers as a save would store them, or undefined when they could not be stored at all. */
function normalizedAnswers(id: SurveyId, answers: readonly Answer[]): Answer[] | undefined {
  try {
    if (id === 'selfAssessment') return checkSelfAssessmentAnswers(answers);
    if (id === 'nardi') return checkPartialNardiAnswers(answers);
    return [...answers];
  } catch {
    return undefined;
  }
}

/** The fields a participant decides (index and server-set fields aside), for comparing two states. */
function decided(state: Pick<StoredSurvey, 'status' | 'answers' | 'selectedTemperament' | 'selectedFP' | 'selectedTypeCode'>): string {
  const { status, answers, selectedTemperament, selectedFP, selectedTypeCode } = state;
  return JSON.stringify({ status, answers, selectedTemperament, selectedFP, selectedTypeCode });
}

/** A closed survey sent again exactly as it was saved (a retried request) is not an edit. */
function isResend(stored: StoredSurvey, input: SurveyInput): boolean {
  const answers = normalizedAnswers(input.id, input.answers);
  if (!answers) return false;
  const sent = { ...input, answers };
  return decided(sent) === decided(stored) && input.index === stored.index && (input.typeCode === undefined || input.typeCode === stored.typeCode);
}

/** typeFinder, then nardi, then selfAssessment: each needs the ones before it done (product.md section 4). */
function requireOrder(surveys: StoredSurveys, id: SurveyId): void {
  const position = (SURVEY_ORDER as readonly string[]).indexOf(id);
  if (position < 0) return;
  const pending = SURVEY_ORDER.slice(0, position).find((earlier) => !isSurveyDone(earlier, surveys[earlier]?.status));
  if (pending) {
    throw new AppError(409, ErrorCodes.SURVEY_OUT_OF_ORDER, `Finish ${SURVEY_NAMES[pending]} before ${SURVEY_NAMES[id]}: the surveys are taken in the order TypeFinder, Nardi, self-assessment.`);
  }
}

function sameState(a: StoredSurvey, b: StoredSurvey): boolean {
  return decided(a) === decided(b) && a.index === b.index && a.typeCode === b.typeCode;
}

function eventFor(stored: StoredSurvey, next: StoredSurvey): SurveyEventKind | null {
  if (next.status === 'completed') return 'completed';
  if (next.status === 'rejected') return 'rejected';
  // Part one saved (or saved again with other answers): scoring needs the answers.
  if (next.id === 'nardi' && next.status === 'part-one' && (stored.status !== 'part-one' || JSON.stringify(stored.answers) !== JSON.stringify(next.answers))) {
    return 'nardi-answered';
  }
  return null;
}

/**
 * Decides what saving `input` over the participant's stored surveys does, by the survey's
 * rules: a completed or declined survey is closed (only a reset reopens it; the same state
 * sent again is accepted and changes nothing); the required order holds; then the survey's
 * own statuses, steps and answers. Throws an AppError (4xx) naming the broken rule.
 */
export function planSurveySave(surveys: StoredSurveys, input: SurveyInput, now: Date): SurveyChange {
  const id = input.id;
  const stored = storedOrInitial(surveys, id);
  if (isClosed(stored)) {
    if (isResend(stored, input)) return { kind: 'unchanged', surveyId: id };
    throw new AppError(409, ErrorCodes.SURVEY_CLOSED, `${surveyName(id)} is ${stored.status} and can no longer be changed.`);
  }
  requireOrder(surveys, id);
  const next = NEXT_STATE[id](stored, input);
  if (sameState(stored, next)) return { kind: 'unchanged', surveyId: id };
  const event = eventFor(stored, next);
  if (event === 'completed' || event === 'rejected') next.completedAt = now;
  return { kind: 'saved', surveyId: id, next, event };
}

/** The stored state as a client would send it back (without what only the server sets). */
function asInput(stored: StoredSurvey): SurveyInput {
  const { completedAt: _completedAt, consistency: _consistency, ...rest } = stored;
  return rest as SurveyInput;
}

/** Patches apply in the surveys' order, so one update can, say, finish Nardi and then decline the self-assessment. */
const PATCH_ORDER: readonly SurveyId[] = [...SURVEY_ORDER, 'mbti'];

/**
 * Applies a set-style patch: each named survey becomes its stored state with the patched
 * fields, and must then pass the same rules as a whole save. All or nothing: any refusal
 * throws before anything is stored.
 */
export function planSurveyUpdate(surveys: StoredSurveys, patch: SurveyPatch, now: Date): SurveyChange[] {
  const working: StoredSurveys = { ...surveys };
  const changes: SurveyChange[] = [];
  for (const id of PATCH_ORDER) {
    const fields = patch[id];
    if (!fields) continue;
    const merged = { ...asInput(storedOrInitial(working, id)), ...fields } as SurveyInput;
    const change = planSurveySave(working, merged, now);
    if (change.kind === 'saved') working[id] = change.next;
    changes.push(change);
  }
  return changes;
}
