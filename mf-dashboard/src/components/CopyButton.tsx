import { Button, type ButtonVariant } from '@study/ui';
import { useEffect, useRef, useState } from 'react';

/** How long the button says 'Copied' (product.md section 9). */
export const COPIED_LABEL_MS = 2000;

export interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  label: string;
  variant?: ButtonVariant;
}

/** Copies `text`; the label reads 'Copied' for 2 s. A failure is only logged (product.md section 8). */
export function CopyButton({ text, label, variant = 'secondary' }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('This browser offers no clipboard access.');
      await navigator.clipboard.writeText(text);
    } catch (error) {
      console.error('Could not copy to the clipboard:', error);
      return;
    }
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPIED_LABEL_MS);
  };

  return (
    <Button variant={variant} className="copy-button" onClick={() => void copy()}>
      {/* The new label is announced where it appears. */}
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </Button>
  );
}
