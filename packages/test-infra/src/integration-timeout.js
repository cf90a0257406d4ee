// Each integration test file creates its own databases on the real FerretDB (PostgreSQL DDL) and
// starts services against them; on a busy machine a set-up hook needs more than jest's 5 s.
// A file that sets its own timeout keeps it.
jest.setTimeout(30_000);
