import './pdf-download.css';
import { Button, Notice, type ButtonVariant } from '@study/ui';
import { useState } from 'react';
import { errorMessage } from '../lib/error-message';
import { saveFile } from '../lib/save-file';

export interface PdfDownloadButtonProps {
  label: string;
  /** The name the file is saved under. */
  fileName: string;
  download(): Promise<Blob>;
  /** Where the file goes; the browser's download by default. */
  save?: (blob: Blob, fileName: string) => void;
  variant?: ButtonVariant;
  className?: string;
}

/**
 * A download that stays in the app: the file is fetched in the page and handed to the browser
 * to save; while it comes the button says so, and a failure is shown under it in words the
 * participant can act on, with the button there to try again.
 */
export function PdfDownloadButton({ label, fileName, download, save = saveFile, variant = 'primary', className }: PdfDownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      save(await download(), fileName);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={['pdf-download', className].filter(Boolean).join(' ')}>
      <Button variant={variant} onClick={() => void start()} disabled={busy} aria-busy={busy}>
        {busy ? 'Downloading...' : label}
      </Button>
      {failure !== null && (
        <Notice style="danger" title={`${fileName} could not be downloaded.`}>
          <p>{failure} You can try again.</p>
        </Notice>
      )}
    </div>
  );
}
