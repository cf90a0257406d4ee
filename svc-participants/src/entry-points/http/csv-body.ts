import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { ErrorCodes } from '@study/contracts';
import { AppError } from '@study/service-kit';

const CSV_TYPE = 'text/csv';

function sendCsv(): AppError {
  return new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA_TYPE, 'Send the CSV file as the request body with Content-Type: text/csv.');
}

/**
 * The service kit parses JSON bodies only and refuses any other content type with a 415 before
 * reading the body. For the one route that takes a CSV file, this error middleware (mounted
 * with app.use on the route's path, ahead of the route) runs `guard` first (the admin key: no
 * body is read for a caller without it), then takes that refusal back for a text/csv body and
 * reads it as text instead. Every other error passes on untouched.
 */
export function acceptCsvBody(options: { limit: string; guard?: RequestHandler }): ErrorRequestHandler {
  const readText = express.text({ type: CSV_TYPE, limit: options.limit, defaultCharset: 'utf-8' });
  return (err, req, res, next) => {
    const refusedAsNotJson = err instanceof AppError && err.code === ErrorCodes.UNSUPPORTED_MEDIA_TYPE && req.method === 'POST' && req.is(CSV_TYPE);
    if (!refusedAsNotJson) {
      next(err);
      return;
    }
    const read = () => readText(req, res, next);
    if (!options.guard) {
      read();
      return;
    }
    try {
      options.guard(req, res, (guardError?: unknown) => (guardError ? next(guardError) : read()));
    } catch (guardError) {
      next(guardError);
    }
  };
}

/** In the route: the body must be the CSV text (read by acceptCsvBody, or by a parser ahead of it). */
export const requireCsvBody: RequestHandler = (req, _res, next) => {
  next(typeof req.body === 'string' ? undefined : sendCsv());
};
