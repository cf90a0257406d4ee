import type { Request, Response } from 'express';
import { PROBLEM_CONTENT_TYPE, problemDetails, publicPathOf } from '@study/contracts';

/** Answers with the shared error body: Problem Details with `error`, `code` and `requestId`. */
export function sendError(req: Request, res: Response, status: number, code: string, message: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problemDetails({ status, code, message, requestId: req.requestId, instance: publicPathOf(req.originalUrl) })));
}
