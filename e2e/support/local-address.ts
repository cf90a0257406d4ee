import http from 'node:http';

/** A loopback address of the tests' own, apart from 127.0.0.1 where every other browser test calls from. */
export const OTHER_LOCAL_ADDRESS = '127.0.0.2';

/**
 * Calls the stack from OTHER_LOCAL_ADDRESS and answers the status: what the stack counts per client
 * address (wrong master keys, locked for a whole window over every route) stays apart from the
 * other browser tests.
 */
export function statusFromOtherAddress(url: string, options: { method: 'GET' | 'POST'; headers?: Record<string, string> }): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method, headers: options.headers, localAddress: OTHER_LOCAL_ADDRESS }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', reject);
    req.end();
  });
}
