import { Long } from 'mongodb';
import { commandsSent, dbCommandCounter, parseFerretRequests, parseServerStatusCommands, type AdminCommands } from './db-commands';

const METRICS = `# HELP ferretdb_client_requests_total The total number of requests.
# TYPE ferretdb_client_requests_total counter
ferretdb_client_requests_total{command="find",opcode="OP_MSG"} 12
ferretdb_client_requests_total{command="find",opcode="OP_QUERY"} 3
ferretdb_client_requests_total{command="insert",opcode="OP_MSG"} 5
ferretdb_client_requests_total{command="hello",opcode="OP_MSG"} 900
ferretdb_client_requests_total{command="update",opcode="OP_MSG"} NaN
ferretdb_client_responses_total{command="find",opcode="OP_MSG",result="ok"} 15
`;

describe('parseFerretRequests', () => {
  it("sums each command's requests over opcodes, leaving out the drivers' upkeep and other metrics", () => {
    expect(parseFerretRequests(METRICS)).toEqual({ find: 15, insert: 5 });
  });

  it('answers nothing for no metrics', () => {
    expect(parseFerretRequests('')).toEqual({});
  });
});

describe('parseServerStatusCommands', () => {
  it("takes each command's total, a number or a BSON Long, leaving out the upkeep", () => {
    const status = { ok: 1, metrics: { commands: { find: { failed: 0, total: 40 }, insert: { total: Long.fromNumber(7) }, ping: { total: 300 }, '<UNKNOWN>': 2, explain: { failed: 1 } } } };
    expect(parseServerStatusCommands(status)).toEqual({ find: 40, insert: 7 });
  });

  it('answers nothing for an answer without command metrics', () => {
    expect(parseServerStatusCommands({ ok: 1 })).toEqual({});
    expect(parseServerStatusCommands(null)).toEqual({});
  });
});

describe('commandsSent', () => {
  it('counts what each command was sent between two readings, new commands included', () => {
    expect(commandsSent({ find: 10, insert: 4, update: 2 }, { find: 15, insert: 4, update: 2, aggregate: 3 })).toEqual({ total: 8, byCommand: { find: 5, aggregate: 3 } });
  });
});

describe('dbCommandCounter', () => {
  it("counts through MongoDB's serverStatus without a metrics URL", async () => {
    const answers = [{ metrics: { commands: { find: { total: 100 } } } }, { metrics: { commands: { find: { total: 130 }, insert: { total: 2 } } } }];
    const asked: string[] = [];
    const mongo: AdminCommands = {
      db: (name) => ({
        command: async (command) => {
          asked.push(`${name} ${Object.keys(command).join(',')}`);
          return answers.shift();
        },
      }),
    };
    const counting = await dbCommandCounter({ mongo }).start();
    expect(await counting.stop()).toEqual({ total: 32, byCommand: { find: 30, insert: 2 } });
    expect(asked).toEqual(['admin serverStatus', 'admin serverStatus']);
  });
});
