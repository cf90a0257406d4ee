import { Notice } from '@study/ui';
import type { Upload } from '../use-mbti-load';

/** The five counts of the bulk write (product.md section 3), each with the words the study team reads. */
const COUNTS = [
  { field: 'insertedCount', label: 'Inserted' },
  { field: 'matchedCount', label: 'Matched' },
  { field: 'modifiedCount', label: 'Modified' },
  { field: 'deletedCount', label: 'Deleted' },
  { field: 'upsertedCount', label: 'Upserted' },
] as const;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function UploadResult({ upload }: { upload: Extract<Upload, { state: 'done' }> }) {
  const { result } = upload;
  if (!result) {
    return (
      <Notice style="warning" title={`Nothing was uploaded from ${upload.fileName}.`}>
        <p>None of its {plural(upload.rowCount, 'row', 'rows')} could be used; see below why.</p>
      </Notice>
    );
  }
  return (
    <>
      <Notice style="success" title={`${upload.fileName} has been uploaded.`}>
        <p>
          {plural(upload.rowCount, 'row', 'rows')} read; {plural(result.updatedParticipants, 'participant has', 'participants have')} a new or changed MBTI result.
        </p>
        <dl className="admin-counts" aria-label="Upload counts">
          {COUNTS.map(({ field, label }) => (
            <div key={field}>
              <dt>{label}</dt>
              <dd>{result[field]}</dd>
            </div>
          ))}
        </dl>
      </Notice>
      {result.unknownPgIds.length > 0 && (
        <Notice style="warning" title={`${plural(result.unknownPgIds.length, 'study ID is', 'study IDs are')} not in the study; nothing was stored for ${result.unknownPgIds.length === 1 ? 'it' : 'them'}.`}>
          <ul className="admin-id-list" aria-label="Unknown study IDs">
            {result.unknownPgIds.map((pgId) => (
              <li key={pgId}>{pgId}</li>
            ))}
          </ul>
        </Notice>
      )}
    </>
  );
}
