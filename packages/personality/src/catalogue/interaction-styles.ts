import { toInteractionStyleCode, type InteractionStyleCode, type TypeCode } from './codes';

export interface InteractionStyle {
  code: InteractionStyleCode;
  /** The display name, e.g. 'In-Charge'. */
  name: string;
  description: string;
  types: readonly TypeCode[];
}

export const INTERACTION_STYLES: Readonly<Record<InteractionStyleCode, InteractionStyle>> = {
  inCharge: {
    code: 'inCharge',
    name: 'In-Charge',
    description: 'Takes the lead, decides quickly and pushes on toward results.',
    types: ['ESTJ', 'ENTJ', 'ESTP', 'ENFJ'],
  },
  chartCourse: {
    code: 'chartCourse',
    name: 'Chart-the-Course',
    description: 'Thinks ahead, lays out a plan and steers the group along it.',
    types: ['ISTJ', 'INTJ', 'ISTP', 'INFJ'],
  },
  getGoing: {
    code: 'getGoing',
    name: 'Get-Things-Going',
    description: 'Brings energy and involvement, and gets people excited and on board.',
    types: ['ESFP', 'ENFP', 'ENTP', 'ESFJ'],
  },
  behindScenes: {
    code: 'behindScenes',
    name: 'Behind-the-Scenes',
    description: 'Works steadily in the background, gathering input to reach the best result.',
    types: ['ISFP', 'INFP', 'INTP', 'ISFJ'],
  },
};

/** The catalogue entry for an interaction style code; throws UNKNOWN_CODE for anything else. */
export function getInteractionStyle(code: unknown): InteractionStyle {
  return INTERACTION_STYLES[toInteractionStyleCode(code)];
}
