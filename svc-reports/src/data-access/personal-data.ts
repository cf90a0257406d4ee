import type { PersonalDataCollection } from '@study/personal-data';
import { FINAL_REPORT_FILES_COLLECTION } from './final-report-files';
import { REPORTS_COLLECTION } from './reports-collection';

/**
 * Every collection of this service that holds data about a participant. An erasure deletes the
 * participant's documents from each of them: a collection added later must be listed here.
 */
export const PERSONAL_DATA_COLLECTIONS: readonly PersonalDataCollection[] = [
  // report inputs and results, one document per participant (`_id` = pgId, with an outbox).
  { collection: REPORTS_COLLECTION, pgIdField: '_id' },
  // the final report PDFs, one per version of the participant's final score.
  { collection: FINAL_REPORT_FILES_COLLECTION, pgIdField: 'pgId' },
];
