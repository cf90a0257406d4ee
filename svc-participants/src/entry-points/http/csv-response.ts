import type { Request, Response } from 'express';
import { csvLine, type CsvValue } from '../../domain/admin/csv';

/** Rows are gathered into chunks of about this size before each write. */
const CHUNK_CHARS = 64 * 1024;

/** Resolves when the response can take more, or when the client went away; leaves no listener behind. */
function drained(res: Response, gone: () => boolean): Promise<void> {
  if (gone()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Streams a CSV download: the header line, then each row as the source yields it, written in
 * chunks with back-pressure, so memory holds one chunk whatever the number of rows. Headers are
 * sent with the first chunk, so a source that fails at once still gets a JSON error. A client
 * that goes away stops the source (its cursor is closed); a source failing mid-file cuts the
 * connection, so the file is never mistaken for complete.
 */
export async function sendCsv(req: Request, res: Response, fileName: string, columns: readonly string[], rows: AsyncGenerator<CsvValue[]>): Promise<void> {
  let buffer = csvLine(columns);
  let rowCount = 0;
  let closedEarly = false;
  res.once('close', () => {
    closedEarly = !res.writableFinished;
  });
  const gone = () => closedEarly || res.destroyed;
  const flush = async () => {
    if (!res.headersSent) {
      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    }
    const chunk = buffer;
    buffer = '';
    if (!res.write(chunk)) await drained(res, gone);
  };
  try {
    for await (const row of rows) {
      if (gone()) break;
      buffer += csvLine(row);
      rowCount += 1;
      if (buffer.length >= CHUNK_CHARS) await flush();
    }
  } catch (err) {
    if (!res.headersSent) throw err;
    req.log.error({ err, rowsSent: rowCount }, 'CSV download failed part-way');
    res.destroy();
    return;
  }
  if (gone()) {
    req.log.info({ file: fileName, rowsSent: rowCount }, 'CSV download abandoned by the client');
    return;
  }
  await flush();
  res.end();
  req.log.info({ file: fileName, rows: rowCount }, 'CSV download sent');
}
