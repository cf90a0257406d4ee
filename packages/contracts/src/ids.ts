import { z } from 'zod';
import { V4_UUID_PATTERN } from '@study/personality';

/** The study ID: a version-4 UUID, any letter case (product.md section 5). */
export const pgIdSchema = z.string().regex(V4_UUID_PATTERN, { message: 'must be a version-4 UUID (8-4-4-4-12 hex digits)' });
export type PgId = z.infer<typeof pgIdSchema>;
