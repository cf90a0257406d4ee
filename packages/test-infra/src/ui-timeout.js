// Component tests that drive a page through many user events (each query walks the jsdom tree
// for roles and names) take seconds on a busy 2-core machine: one answered nine Nardi questions
// in 2.9 s of jest's 5 s while another process kept a core busy. A file that sets its own
// timeout keeps it.
jest.setTimeout(15_000);
