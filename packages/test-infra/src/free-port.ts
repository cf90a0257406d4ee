// The one implementation is free-port.cjs, shared with the tools under scripts/ and the CommonJS test setups.
const shared = require('./free-port.cjs') as { freePort(): Promise<number> };

/** A TCP port that was free a moment ago on 127.0.0.1 (for a server whose URL must be known before it starts). */
export const freePort: () => Promise<number> = shared.freePort;
