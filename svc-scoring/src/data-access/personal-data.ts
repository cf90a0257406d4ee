import type { PersonalDataCollection } from '@study/personal-data';
import { SCORES_COLLECTION } from './scores-collection';

/**
 * Every collection of this service that holds data about a participant. An erasure deletes the
 * participant's documents from each of them: a collection added later must be listed here.
 */
export const PERSONAL_DATA_COLLECTIONS: readonly PersonalDataCollection[] = [
  // Nardi results and final scores, one document per participant (`_id` = pgId, with an outbox).
  { collection: SCORES_COLLECTION, pgIdField: '_id' },
];
