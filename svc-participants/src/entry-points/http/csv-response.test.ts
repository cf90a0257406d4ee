import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { memoryLogger } from '@study/service-kit/testing';
import { errorHandler, requestId, requestLogging } from '@study/service-kit';
import type { CsvValue } from '../../domain/admin/csv';
import { sendCsv } from './csv-response';

function appStreaming(rows: () => AsyncGenerator<CsvValue[]>) {
  const { logger } = memoryLogger('silent');
  const app = express();
  app.use(requestId());
  app.use(requestLogging(logger));
  app.get('/file', async (req, res) => {
    await sendCsv(req, res, 'rows.csv', ['n', 'text'], rows());
  });
  app.use(errorHandler());
  return app;
}

describe('streaming a CSV download', () => {
  it('sends the header and every row, neutralized and quoted, as an attachment', async () => {
    async function* rows(): AsyncGenerator<CsvValue[]> {
      for (let n = 0; n < 20_000; n += 1) yield [n, n === 7 ? '=cmd()' : `row, ${n}`];
    }
    const res = await request(appStreaming(rows)).get('/file').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="rows.csv"');
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('n,text');
    expect(lines[1]).toBe('0,"row, 0"');
    expect(lines[8]).toBe("7,'=cmd()");
    expect(lines).toHaveLength(20_002);
  });

  it('a source failing before the first row gets the JSON error, not a file', async () => {
    // eslint-disable-next-line require-yield
    async function* rows(): AsyncGenerator<CsvValue[]> {
      throw new Error('database down');
    }
    const res = await request(appStreaming(rows)).get('/file').expect(500);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.body.code).toBe('INTERNAL');
  });

  it('stops reading the source (its cursor closes) when the client goes away', async () => {
    let produced = 0;
    let closed = false;
    async function* rows(): AsyncGenerator<CsvValue[]> {
      try {
        for (;;) {
          produced += 1;
          yield [produced, 'x'.repeat(200)];
        }
      } finally {
        closed = true;
      }
    }
    const server = http.createServer(appStreaming(rows)).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/file' }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
      });
      const deadline = Date.now() + 5000;
      while (!closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(closed).toBe(true);
      // Back-pressure: the source was not read to exhaustion while nobody was taking the data.
      expect(produced).toBeLessThan(1_000_000);
    } finally {
      server.close();
    }
  });
});
