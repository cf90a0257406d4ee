// Captions as WebVTT (the how-it-works video's, scripts/record-how-it-works.ts): cues timed in
// milliseconds from the start of the recording.

export interface Cue {
  /** Milliseconds from the start of the video. */
  start: number;
  end: number;
  text: string;
}

/** A WebVTT timestamp, hh:mm:ss.mmm (a negative time is the start). */
export function vttTime(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = String(Math.floor(total / 3_600_000)).padStart(2, '0');
  const m = String(Math.floor((total % 3_600_000) / 60_000)).padStart(2, '0');
  const s = String(Math.floor((total % 60_000) / 1000)).padStart(2, '0');
  return `${h}:${m}:${s}.${String(total % 1000).padStart(3, '0')}`;
}

/** A WebVTT file of the cues, numbered from 1. */
export function webVtt(cues: readonly Cue[]): string {
  return ['WEBVTT', '', ...cues.flatMap((cue, i) => [String(i + 1), `${vttTime(cue.start)} --> ${vttTime(cue.end)}`, cue.text, ''])].join('\n');
}
