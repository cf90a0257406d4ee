// A participant's way through the study over the HTTP API up to their last save, made with
// @study/participant-client (its journey.ts has the steps, as the screens call them): consent
// through the Open Humans stand-in, the TypeFinder quiz on its stand-in widget and its claim, the
// Nardi parts one to four. A busy answer (503) is waited out and sent again, as the screens do.
import { answerNardi, join, takeTypeFinder, type ParticipantClient } from '@study/participant-client';
import { participantClient } from './participant-sessions';

/** The TypeFinder answers participant i gives: TF_TYPES[i % 4] (seed-burst.ts stores the same). */
export const TF_TYPES = ['INTJ', 'ESFP', 'ISTJ', 'ENFP'] as const;

/** A participant up to their last save: what the pipeline's last save and its checks need. */
export interface ReadyParticipant {
  pgId: string;
  /** The TypeFinder type the study took (the self-assessment names it). */
  tfType: string;
  nardiType: string;
}

export interface JourneyOptions {
  /** The gateway. */
  baseUrl: string;
  /** The TypeFinder stand-in's widget. */
  typeFinderWidgetUrl: string;
}

export interface BenchJourney {
  /** The participants' calls with 503 answers waited out: for making them. */
  client: ParticipantClient;
  /** The same participants' calls with no retry: what the pipeline times and counts. */
  measured: ParticipantClient;
  /** Participant i up to their last save: consented (as member 20000000 + i), TypeFinder and Nardi done. */
  upToLastSave: (i: number) => Promise<ReadyParticipant>;
}

export function createJourney({ baseUrl, typeFinderWidgetUrl }: JourneyOptions): BenchJourney {
  const client = participantClient({ baseUrl, typeFinderWidgetUrl, retry: { kind: 'busy' }, pollMs: 100 });
  const measured = participantClient({ baseUrl, typeFinderWidgetUrl });

  async function upToLastSave(i: number): Promise<ReadyParticipant> {
    const { pgId } = await join(client, { member: String(20_000_000 + i) });
    const tfType = await takeTypeFinder(client, pgId, TF_TYPES[i % TF_TYPES.length]);
    const { selectedTypeCode: nardiType } = await answerNardi(client, pgId, { variant: i % 5 });
    return { pgId, tfType, nardiType };
  }

  return { client, measured, upToLastSave };
}
