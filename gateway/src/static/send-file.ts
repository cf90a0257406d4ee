import type { IncomingMessage, ServerResponse } from 'node:http';
import { acceptedCodings } from './accept-encoding';
import { compressInBackground, type FileVariant, type StaticFile } from './file-table';

interface Choice {
  variant: FileVariant;
  coding: 'br' | 'gzip' | undefined;
}

/** br or gzip when the client takes it and the file has it, else the file as it is. */
function chooseVariant(file: StaticFile, acceptEncoding: string | undefined): Choice {
  if (!file.vary) return { variant: file.identity, coding: undefined };
  const accepted = acceptedCodings(acceptEncoding);
  if (accepted.gzip && !file.gzip) compressInBackground(file);
  const br = accepted.br ? file.br : undefined;
  const gzip = accepted.gzip ? file.gzip : undefined;
  if (br && !(gzip && accepted.preferGzip)) return { variant: br, coding: 'br' };
  if (gzip) return { variant: gzip, coding: 'gzip' };
  return { variant: file.identity, coding: undefined };
}

/** If-None-Match names this ETag (weak or strong), or is '*'. */
function etagMatches(header: string, etag: string): boolean {
  if (header === etag) return true;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** The client already holds this version: If-None-Match first, If-Modified-Since only without it. */
function isFresh(req: IncomingMessage, file: StaticFile, etag: string): boolean {
  const noneMatch = req.headers['if-none-match'];
  if (noneMatch !== undefined) return etagMatches(noneMatch, etag);
  const modifiedSince = req.headers['if-modified-since'];
  if (modifiedSince === undefined) return false;
  const since = Date.parse(modifiedSince);
  return !Number.isNaN(since) && file.modifiedMs <= since;
}

/**
 * Answers a GET or HEAD with a file held in memory: its precompressed variant when the
 * client accepts one (Content-Encoding, Vary: Accept-Encoding), 304 when the client's copy
 * is current, and the file's cache header unless `cacheControl` overrides it.
 */
export function sendStaticFile(req: IncomingMessage, res: ServerResponse, file: StaticFile, cacheControl = file.cacheControl): void {
  const { variant, coding } = chooseVariant(file, req.headers['accept-encoding']);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', variant.etag);
  res.setHeader('Last-Modified', file.lastModified);
  if (file.vary) res.setHeader('Vary', 'Accept-Encoding');
  if (isFresh(req, file, variant.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', variant.body.length);
  if (coding) res.setHeader('Content-Encoding', coding);
  if (req.method === 'HEAD') res.end();
  else res.end(variant.body);
}
