// A TCP port that was free a moment ago on 127.0.0.1, for a server whose URL must be known before
// it starts. CommonJS, so both the TypeScript tests (free-port.ts) and the tools under scripts/
// (scripts/lib/local-services.ts) use this one.
const { createServer } = require('node:net');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

module.exports = { freePort };
