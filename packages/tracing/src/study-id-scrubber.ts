import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';

/** Any UUID: study IDs are version-4 UUIDs, and an event id or a session in a span says nothing a trace needs. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The text with every UUID cut to ':id'. */
export function withoutStudyIds(text: string): string {
  return text.replace(UUID, ':id');
}

/**
 * Cuts study IDs from every span before it is exported: the logs write a participant's
 * fingerprint, never their study ID, and traces go to the same operators (an address such as
 * /api/admin/participants/<pgId> would otherwise sit in url.path and http.target).
 */
export class StudyIdScrubber implements SpanProcessor {
  onStart(): void {}

  onEnding(span: Span): void {
    const name = withoutStudyIds(span.name);
    if (name !== span.name) span.updateName(name);
    for (const [key, value] of Object.entries(span.attributes)) {
      if (typeof value === 'string') {
        const clean = withoutStudyIds(value);
        if (clean !== value) span.setAttribute(key, clean);
      } else if (Array.isArray(value) && value.some((item) => typeof item === 'string' && withoutStudyIds(item) !== item)) {
        span.setAttribute(key, value.map((item) => (typeof item === 'string' ? withoutStudyIds(item) : item)) as string[]);
      }
    }
  }

  onEnd(_span: ReadableSpan, _context?: Context): void {}

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
