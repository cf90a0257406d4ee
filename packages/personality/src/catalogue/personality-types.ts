import { toTypeCode, type FunctionalPairCode, type InteractionStyleCode, type TemperamentCode, type TypeCode } from './codes';

export interface PersonalityType {
  code: TypeCode;
  /** A short name, e.g. 'The Careful Keeper'. */
  title: string;
  /** One paragraph shown with the final score and in the report. */
  description: string;
  /** The text of the social post (the hashtags are added by shareMessage). */
  shareText: string;
  temperament: TemperamentCode;
  functionalPair: FunctionalPairCode;
  interactionStyle: InteractionStyleCode;
}

export const SHARE_HASHTAGS = '#personality #dna';

export const PERSONALITY_TYPES: Readonly<Record<TypeCode, PersonalityType>> = {
  ESTP: {
    code: 'ESTP',
    title: 'The Quick Responder',
    description:
      'You are energetic, observant and at your best when something is happening right now. You read a situation fast, take sensible risks and solve practical problems on the spot. You would rather try something than talk about it for long, and around you things rarely stay boring.',
    shareText: "I'm an ESTP, the Quick Responder: I think on my feet and jump straight into the action.",
    temperament: 'SP',
    functionalPair: 'STP',
    interactionStyle: 'inCharge',
  },
  ISTP: {
    code: 'ISTP',
    title: 'The Hands-On Tinkerer',
    description:
      'You like to find out how things work by taking them apart and trying them out. You stay calm under pressure and fix problems with cool logic and no wasted effort. You value your independence and the freedom to act, and you often have a practical skill that others lean on when something breaks.',
    shareText: "I'm an ISTP, the Hands-On Tinkerer: show me how it works and I'll fix it.",
    temperament: 'SP',
    functionalPair: 'STP',
    interactionStyle: 'chartCourse',
  },
  ESFP: {
    code: 'ESFP',
    title: 'The Life of the Moment',
    description:
      'You bring warmth, fun and energy wherever you go. You enjoy people, new experiences and the good things of today, and you are quick to lend a friend a practical hand. You learn best by doing, and your enthusiasm makes everyday life feel lighter for everyone around you.',
    shareText: "I'm an ESFP, the Life of the Moment: here for good company and new experiences.",
    temperament: 'SP',
    functionalPair: 'SFP',
    interactionStyle: 'getGoing',
  },
  ISFP: {
    code: 'ISFP',
    title: 'The Gentle Creator',
    description:
      'You are kind, easygoing and tuned in to beauty, feelings and the world of the senses. You say more through what you do and make than through words. You value freedom and living by your own values, and you give other people the same room to be themselves.',
    shareText: "I'm an ISFP, the Gentle Creator: quietly making the world a little more beautiful.",
    temperament: 'SP',
    functionalPair: 'SFP',
    interactionStyle: 'behindScenes',
  },
  ESTJ: {
    code: 'ESTJ',
    title: 'The Steady Organizer',
    description:
      'You like to know what needs doing and to get it done properly. You bring order to groups, make clear plans and keep your promises. People count on you to take charge when things get messy, and you value fairness, hard work and habits that have proven their worth.',
    shareText: "I'm an ESTJ, the Steady Organizer: give me a plan and a team and it gets done.",
    temperament: 'SJ',
    functionalPair: 'STJ',
    interactionStyle: 'inCharge',
  },
  ISTJ: {
    code: 'ISTJ',
    title: 'The Careful Keeper',
    description:
      'You are dependable, thorough and quietly determined. You remember details, follow through on what you start and prefer methods you have seen work. You take your responsibilities seriously and like your world orderly, and others trust you because you do what you say you will.',
    shareText: "I'm an ISTJ, the Careful Keeper: reliable, thorough and always prepared.",
    temperament: 'SJ',
    functionalPair: 'STJ',
    interactionStyle: 'chartCourse',
  },
  ESFJ: {
    code: 'ESFJ',
    title: 'The Warm Host',
    description:
      'You notice what people need and enjoy making everyone feel welcome. You like harmony, shared traditions and the moments that bring people together. You are loyal and practical in the way you help, and you are often the one who keeps friends and family connected.',
    shareText: "I'm an ESFJ, the Warm Host: happiest when everyone around me feels at home.",
    temperament: 'SJ',
    functionalPair: 'SFJ',
    interactionStyle: 'getGoing',
  },
  ISFJ: {
    code: 'ISFJ',
    title: 'The Quiet Helper',
    description:
      'You care deeply and show it through steady, practical support. You remember what matters to the people around you and keep things running smoothly without asking for credit. You value stability and a job done well, and people feel safe and looked after in your company.',
    shareText: "I'm an ISFJ, the Quiet Helper: I show I care by being there when it counts.",
    temperament: 'SJ',
    functionalPair: 'SFJ',
    interactionStyle: 'behindScenes',
  },
  ENTJ: {
    code: 'ENTJ',
    title: 'The Big-Picture Planner',
    description:
      'You see where things should be heading and organize people and resources to get there. You are direct, decisive and energized by ambitious goals. You enjoy improving how things run, making the tough calls and helping others grow into their strengths.',
    shareText: "I'm an ENTJ, the Big-Picture Planner: set the goal and I'll map the way there.",
    temperament: 'NT',
    functionalPair: 'NTJ',
    interactionStyle: 'inCharge',
  },
  INTJ: {
    code: 'INTJ',
    title: 'The Independent Designer',
    description:
      'You think in long-range plans and enjoy turning complex ideas into something that works. You trust your own judgement, value know-how and like to improve anything that could run better. You prefer depth to small talk and often see a few steps further ahead than others.',
    shareText: "I'm an INTJ, the Independent Designer: always a few steps ahead, with a plan.",
    temperament: 'NT',
    functionalPair: 'NTJ',
    interactionStyle: 'chartCourse',
  },
  ENTP: {
    code: 'ENTP',
    title: 'The Idea Tester',
    description:
      'You are curious, quick-witted and energized by new possibilities. You enjoy a lively debate, questioning assumptions and finding clever ways around obstacles. Routine bores you, but a fresh challenge brings out your inventiveness, and you help others see problems from new angles.',
    shareText: "I'm an ENTP, the Idea Tester: let's question everything and try something new.",
    temperament: 'NT',
    functionalPair: 'NTP',
    interactionStyle: 'getGoing',
  },
  INTP: {
    code: 'INTP',
    title: 'The Curious Analyst',
    description:
      'You love ideas and want to understand how everything fits together. You think carefully, spot contradictions quickly and enjoy building precise models in your head. You are independent and open-minded, happy to follow a question wherever it leads, even if you take a while to share your conclusions.',
    shareText: "I'm an INTP, the Curious Analyst: give me a good puzzle and some quiet time.",
    temperament: 'NT',
    functionalPair: 'NTP',
    interactionStyle: 'behindScenes',
  },
  ENFJ: {
    code: 'ENFJ',
    title: 'The Encouraging Guide',
    description:
      'You are warm, expressive and good at bringing out the best in people. You sense what others need, rally them around shared goals and enjoy seeing them grow. You value close connections and harmony, and you are often the person others turn to for encouragement.',
    shareText: "I'm an ENFJ, the Encouraging Guide: I love helping people become their best selves.",
    temperament: 'NF',
    functionalPair: 'NFJ',
    interactionStyle: 'inCharge',
  },
  INFJ: {
    code: 'INFJ',
    title: 'The Thoughtful Visionary',
    description:
      'You are reflective, caring and drawn to what lies beneath the surface. You often have a strong sense of how things will unfold and a quiet drive to make a positive difference. You value depth, integrity and a few close relationships, and you think a lot about meaning and purpose.',
    shareText: "I'm an INFJ, the Thoughtful Visionary: quietly working toward a better future.",
    temperament: 'NF',
    functionalPair: 'NFJ',
    interactionStyle: 'chartCourse',
  },
  ENFP: {
    code: 'ENFP',
    title: 'The Enthusiastic Explorer',
    description:
      'You are imaginative, warm and full of ideas about people and possibilities. You connect easily, cheer others on and get excited by new projects and adventures. You value being genuine and free, and your energy and optimism help others believe that change is possible.',
    shareText: "I'm an ENFP, the Enthusiastic Explorer: curious about people and every new possibility.",
    temperament: 'NF',
    functionalPair: 'NFP',
    interactionStyle: 'getGoing',
  },
  INFP: {
    code: 'INFP',
    title: 'The Idealistic Dreamer',
    description:
      'You are gentle, thoughtful and guided by a strong inner sense of what matters. You care about being genuine and about helping others find their own way. You often express yourself through writing, art or quiet acts of kindness, and you bring imagination and empathy to everything you love.',
    shareText: "I'm an INFP, the Idealistic Dreamer: guided by my values and a lot of imagination.",
    temperament: 'NF',
    functionalPair: 'NFP',
    interactionStyle: 'behindScenes',
  },
};

/** The catalogue entry for a type code; throws UNKNOWN_CODE for anything else. */
export function getPersonalityType(code: unknown): PersonalityType {
  return PERSONALITY_TYPES[toTypeCode(code)];
}

/** The full social post for a type: its share text followed by the study hashtags. */
export function shareMessage(code: unknown): string {
  return `${getPersonalityType(code).shareText} ${SHARE_HASHTAGS}`;
}
