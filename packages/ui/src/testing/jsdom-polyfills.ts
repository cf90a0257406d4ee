// jest's jsdom environment lacks TextEncoder/TextDecoder, which react-router needs when it loads.
// Test files import this module first (before react-router-dom).
import { TextDecoder, TextEncoder } from 'node:util';

const globals = globalThis as unknown as Record<string, unknown>;
if (typeof globals.TextEncoder === 'undefined') globals.TextEncoder = TextEncoder;
if (typeof globals.TextDecoder === 'undefined') globals.TextDecoder = TextDecoder;
