import type { Request } from 'express';
import type { StandinConfig } from '../config';

/** The stand-in's own base URL for links it hands out: PUBLIC_URL, else what the caller used to reach it. */
export function baseUrlOf(req: Request, config: StandinConfig): string {
  return config.publicUrl ?? `${req.protocol}://${req.get('host') ?? `${config.host}:${config.port}`}`;
}
