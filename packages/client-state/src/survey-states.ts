import { surveyIds, type SurveyState, type UserView } from '@study/contracts';
import type { SurveyStates } from './state';

/**
 * A survey state as the client keeps it after loading (product.md section 4): 'in-progress' is
 * treated as pending, and a completed survey keeps only its type code (and, for Nardi, the
 * consistency): its answers are the server's business from then on.
 */
export function surveyStateOnLoad(state: SurveyState): SurveyState {
  if (state.status === 'completed') {
    const kept: SurveyState = { id: state.id, status: 'completed', index: 0, answers: [] };
    if (state.typeCode !== undefined) kept.typeCode = state.typeCode;
    if (state.id === 'nardi' && state.consistency !== undefined) kept.consistency = state.consistency;
    return kept;
  }
  if (state.status === 'in-progress') return { ...state, status: 'pending' };
  return state;
}

/** The four survey states of a loaded participant. */
export function surveyStatesOf(user: UserView): SurveyStates {
  return Object.fromEntries(surveyIds.map((id) => [id, surveyStateOnLoad(user[id])])) as SurveyStates;
}
