import type { Request, Response } from 'express';

/** Answers with the shared error body `{ error, code, requestId }`. */
export function sendError(req: Request, res: Response, status: number, code: string, message: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).json({ error: message, code, requestId: req.requestId });
}
