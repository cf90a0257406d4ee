import express, { type Request, type RequestHandler } from 'express';
import type { z } from 'zod';
import { AppError } from './errors';
// Type-only: brings in the Request fields the kit adds (module augmentation), no code.
import type {} from './express-types';

export interface JsonBodyOptions {
  /** Largest accepted body, e.g. '100kb'. */
  limit?: string | number;
}

const MAX_DEPTH = 32;

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** A request body's content must be JSON: anything else is refused with 415. */
function requireJson(): RequestHandler {
  return (req, _res, next) => {
    if (hasBody(req) && !req.is('application/json')) {
      next(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON (Content-Type: application/json).'));
      return;
    }
    next();
  };
}

/** Why a key may not appear in a request body, or undefined if it may. */
export function forbiddenKeyReason(key: string): string | undefined {
  if (key.startsWith('$')) return 'may not start with "$"';
  if (key.includes('.')) return 'may not contain "."';
  if (key === '__proto__') return 'is reserved';
  return undefined;
}

/**
 * Refuses bodies with keys that a database could read as an operator or a path ('$gt',
 * 'a.b'), at any depth, and bodies nested deeper than any call needs. Schemas are strict
 * too; this holds even where a schema allows free-form objects.
 */
export function findUnsafeBodyContent(body: unknown): string | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_DEPTH) return `The request body is nested more than ${MAX_DEPTH} levels deep.`;
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, inner] of Object.entries(value)) {
      const reason = forbiddenKeyReason(key);
      if (reason) return `Field name "${key.slice(0, 64)}" ${reason}.`;
      stack.push({ value: inner, depth: depth + 1 });
    }
  }
  return undefined;
}

function rejectUnsafeKeys(): RequestHandler {
  return (req, _res, next) => {
    const problem = findUnsafeBodyContent(req.body);
    next(problem ? new AppError(400, 'FORBIDDEN_KEY', problem) : undefined);
  };
}

/**
 * Strict JSON body parsing: JSON content type only, objects and arrays only, size-limited,
 * no operator-like keys. Keeps the raw bytes on req.rawBody for signature checks.
 */
export function jsonBody({ limit = '100kb' }: JsonBodyOptions = {}): RequestHandler[] {
  return [
    requireJson(),
    express.json({
      limit,
      strict: true,
      inflate: false,
      type: 'application/json',
      verify: (req, _res, buf) => {
        (req as unknown as Request).rawBody = buf;
      },
    }),
    rejectUnsafeKeys(),
  ];
}

/** Parses req.body with the schema (throws the ZodError to the error handler on failure). */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return schema.parse(req.body);
}
