/** How long to wait, as a person reads it: '45 seconds', '1 minute', '15 minutes' (rounded up to whole minutes past one). */
export function waitText(seconds: number): string {
  if (seconds < 60) {
    const whole = Math.max(1, Math.ceil(seconds));
    return `${whole} second${whole === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** A 6-digit code as typed or pasted ('123 456'): the digits alone. */
export function codeDigits(text: string): string {
  return text.replace(/\s+/g, '');
}

export const CODE_PATTERN = /^\d{6}$/;
