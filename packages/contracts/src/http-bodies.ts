import type { z } from 'zod';

/** A request or response body: JSON of a schema, something else said in words, or none. */
export type BodyContract =
  | JsonBody
  | {
      kind: 'other';
      mediaType: string;
      description: string;
      /** A stream of JSON messages (Server-Sent Events): the schema of each one. */
      messageSchema?: z.ZodType;
    }
  | { kind: 'none' };

export interface JsonBody<S extends z.ZodType = z.ZodType> {
  kind: 'json';
  schema: S;
}

export const json = <S extends z.ZodType>(schema: S): JsonBody<S> => ({ kind: 'json', schema });

export const csv = (columns: readonly string[], what: string): BodyContract => ({
  kind: 'other',
  mediaType: 'text/csv',
  description: `${what}: a header line with the columns ${columns.join(',')}, then one line per row.`,
});

export const other = (mediaType: string, description: string, messageSchema?: z.ZodType): BodyContract => ({ kind: 'other', mediaType, description, ...(messageSchema ? { messageSchema } : {}) });

export const noBody = { kind: 'none' } as const satisfies BodyContract;
