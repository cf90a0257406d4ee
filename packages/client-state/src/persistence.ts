import { surveyIds, surveyStateSchemaFor, userViewSchema } from '@study/contracts';
import { isV4Uuid } from '@study/personality';
import { initialPersistedState, type CompletedAuthorization, type LoadState, type PersistedState, type SurveyStates } from './state';

/** The local-storage key of the persisted client state (product.md section 3). */
export const STORAGE_KEY = 'state';

/** Bumped when the stored shape changes in a way older data cannot be read as. */
const FORMAT_VERSION = 1;

/** The subset of the Web Storage API the store uses, so tests and private modes can supply their own. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function serializeState(state: PersistedState): string {
  const { pgId, user, load, surveys, authorization } = state;
  return JSON.stringify({ v: FORMAT_VERSION, pgId, user, load, surveys, authorization });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readPgId(value: unknown): string | null {
  return typeof value === 'string' && isV4Uuid(value) ? value.toLowerCase() : null;
}

function readLoad(value: unknown): LoadState | null {
  if (!isRecord(value) || typeof value.status !== 'string' || typeof value.message !== 'string') return null;
  return { status: value.status, message: value.message };
}

function readAuthorization(value: unknown): CompletedAuthorization | null {
  if (!isRecord(value) || typeof value.state !== 'string') return null;
  const pgId = readPgId(value.pgId);
  return pgId ? { state: value.state, pgId } : null;
}

function readSurveys(value: unknown, fallback: SurveyStates): SurveyStates {
  const stored = isRecord(value) ? value : {};
  return Object.fromEntries(
    surveyIds.map((id) => {
      const parsed = surveyStateSchemaFor(id).safeParse(stored[id]);
      return [id, parsed.success ? parsed.data : fallback[id]];
    }),
  ) as SurveyStates;
}

/**
 * Reads what serializeState wrote, field by field: a part that does not check out (hand-edited,
 * from another version) falls back to its initial value instead of breaking the app. Notices are
 * never read back: a message from a past visit would be news to nobody.
 */
export function deserializeState(text: string | null): PersistedState {
  const initial = initialPersistedState();
  if (!text) return initial;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return initial;
  }
  if (!isRecord(json) || json.v !== FORMAT_VERSION) return initial;
  const pgId = readPgId(json.pgId);
  const user = pgId ? userViewSchema.safeParse(json.user) : null;
  return {
    pgId,
    user: user?.success && user.data.access.pgId.toLowerCase() === pgId ? user.data : null,
    load: readLoad(json.load),
    surveys: readSurveys(json.surveys, initial.surveys),
    authorization: readAuthorization(json.authorization),
  };
}
