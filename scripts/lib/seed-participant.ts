// One made-up participant of a seed plan (seed-plan.ts) taken up to their step through the study's
// own API, with @study/participant-client's journey steps: what `npm run seed` makes, and the
// browser tests that want pages with participants behind them.
import {
  ParticipantClient,
  answerNardi,
  answerNardiPartOne,
  answerNardiPartTwo,
  completeJourney,
  declineSurvey,
  firstOffers,
  join,
  nardiType,
  takeTypeFinder,
  withdraw,
} from '@study/participant-client';
import type { SeedParticipant } from './seed-plan';

/** One participant up to their step, with the journey's own steps. Answers their study ID. */
export async function seedParticipant(client: ParticipantClient, p: SeedParticipant): Promise<string> {
  if (p.step === 'finished') return (await completeJourney(client, { typeFinderType: p.typeFinderType, nardiVariant: p.nardiVariant })).pgId;
  const { pgId } = await join(client, p.step === 'consented' ? { sources: [] } : {});
  if (p.step === 'consented' || p.step === 'linked') return pgId;
  await takeTypeFinder(client, pgId, p.typeFinderType);
  switch (p.step) {
    case 'typeFinder':
      break;
    case 'withdrawn':
      await withdraw(client, pgId, { erase: false });
      break;
    case 'nardiDeclined':
      await declineSurvey(client, pgId, 'nardi');
      break;
    case 'nardiPartOne':
      await answerNardiPartOne(client, pgId, p.nardiVariant);
      break;
    case 'nardiPartTwo':
      await answerNardiPartTwo(client, pgId, firstOffers(await answerNardiPartOne(client, pgId, p.nardiVariant)).selectedTemperament);
      break;
    case 'nardiPartThree':
      await answerNardi(client, pgId, { variant: p.nardiVariant, through: 'part-three' });
      break;
    case 'nardiCompleted':
      await answerNardi(client, pgId, { variant: p.nardiVariant });
      await nardiType(client, pgId);
      break;
  }
  return pgId;
}
