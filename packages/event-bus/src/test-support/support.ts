import { execFileSync } from 'node:child_process';
import { connect, type Channel, type ChannelModel, type GetMessage, type Options } from 'amqplib';
import type { EventLogger } from '../logger';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until `check` is true; fails with `what` if it never gets there. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for: ${what}`);
    await sleep(25);
  }
}

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  obj: object;
  msg?: string;
}

/** Collects log lines; set EVENT_BUS_TEST_LOGS=1 to print them too. */
export function memoryLogger(): EventLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const print = process.env.EVENT_BUS_TEST_LOGS === '1';
  const at = (level: LogEntry['level']) => (obj: object, msg?: string) => {
    entries.push({ level, obj, msg });
    if (print) console.log(level, msg, obj);
  };
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A plain (non-recovering) connection for inspecting and cleaning up broker state. */
export class AmqpAdmin {
  private constructor(
    private readonly model: ChannelModel,
    private channel: Channel,
  ) {}

  static async connect(url: string): Promise<AmqpAdmin> {
    const model = await connect(url);
    model.on('error', () => undefined);
    const channel = await model.createChannel();
    channel.on('error', () => undefined);
    return new AmqpAdmin(model, channel);
  }

  /** Runs fn on a throwaway channel, so an expected channel error does not break the admin one. */
  async onFreshChannel<T>(fn: (channel: Channel) => Promise<T>): Promise<T> {
    const channel = await this.model.createChannel();
    channel.on('error', () => undefined);
    try {
      return await fn(channel);
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  async messageCount(queue: string): Promise<number> {
    return (await this.channel.checkQueue(queue)).messageCount;
  }

  async exchangeExists(exchange: string): Promise<boolean> {
    return this.onFreshChannel(async (channel) => {
      try {
        await channel.checkExchange(exchange);
        return true;
      } catch {
        return false;
      }
    });
  }

  async queueExists(queue: string): Promise<boolean> {
    return this.onFreshChannel(async (channel) => {
      try {
        await channel.checkQueue(queue);
        return true;
      } catch {
        return false;
      }
    });
  }

  /**
   * True when the queue is a quorum queue: it exists, and declaring it with the same arguments
   * but `x-queue-type: classic` is refused for that very argument (no management plugin needed).
   */
  async isQuorumQueue(queue: string, options: Options.AssertQueue): Promise<boolean> {
    if (!(await this.queueExists(queue))) return false;
    const asClassic = { ...options, arguments: { ...options.arguments, 'x-queue-type': 'classic' } };
    return this.onFreshChannel(async (channel) => {
      try {
        await channel.assertQueue(queue, asClassic);
        return false;
      } catch (err) {
        return /inequivalent arg 'x-queue-type'.*current is 'quorum'/.test((err as Error).message);
      }
    });
  }

  /** True when the queue exists and declaring it with these options succeeds (every argument is equal). */
  async declaresAs(queue: string, options: Options.AssertQueue): Promise<boolean> {
    if (!(await this.queueExists(queue))) return false;
    return this.onFreshChannel((channel) => channel.assertQueue(queue, options)).then(
      () => true,
      () => false,
    );
  }

  /** Takes every message currently on the queue. */
  async drain(queue: string): Promise<GetMessage[]> {
    const messages: GetMessage[] = [];
    for (;;) {
      const msg = await this.channel.get(queue, { noAck: true });
      if (!msg) return messages;
      messages.push(msg);
    }
  }

  async declareQueue(queue: string, bindTo?: { exchange: string; pattern: string }): Promise<void> {
    await this.channel.assertQueue(queue, { durable: false });
    if (bindTo) {
      await this.channel.assertExchange(bindTo.exchange, 'topic', { durable: true });
      await this.channel.bindQueue(queue, bindTo.exchange, bindTo.pattern);
    }
  }

  publishRaw(exchange: string, routingKey: string, content: Buffer, headers?: Record<string, unknown>): void {
    this.channel.publish(exchange, routingKey, content, { persistent: true, headers });
  }

  /** Publishes persistent messages and waits for the broker's confirms. */
  async publishConfirmed(exchange: string, routingKey: string, contents: Buffer[], options: Options.Publish = {}): Promise<void> {
    const channel = await this.model.createConfirmChannel();
    channel.on('error', () => undefined);
    try {
      for (const content of contents) channel.publish(exchange, routingKey, content, { persistent: true, ...options });
      await channel.waitForConfirms();
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  async cleanUp({ queues = [], exchanges = [] }: { queues?: string[]; exchanges?: string[] }): Promise<void> {
    for (const queue of queues) await this.onFreshChannel((channel) => channel.deleteQueue(queue)).catch(() => undefined);
    for (const exchange of exchanges) await this.onFreshChannel((channel) => channel.deleteExchange(exchange)).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.model.close().catch(() => undefined);
  }
}

/** True when rabbitmqctl can manage the broker the tests use (a local RabbitMQ). */
export function canUseRabbitmqctl(amqpUrl: string): boolean {
  if (!['127.0.0.1', 'localhost'].includes(new URL(amqpUrl).hostname)) return false;
  try {
    execFileSync('rabbitmqctl', ['-q', 'status'], { stdio: 'ignore', timeout: 15_000 });
    return true;
  } catch {
    return false;
  }
}

/** Has the broker close the connection with the given client-provided name (like a broker restart does). */
export function closeConnectionNamed(connectionName: string): void {
  const listing = execFileSync('rabbitmqctl', ['-q', 'list_connections', '--no-table-headers', 'pid', 'client_properties'], { encoding: 'utf8', timeout: 15_000 });
  const line = listing.split('\n').find((l) => l.includes(`{"connection_name","${connectionName}"}`));
  if (!line) throw new Error(`No RabbitMQ connection named ${connectionName}`);
  const pid = line.split('\t')[0]!;
  execFileSync('rabbitmqctl', ['-q', 'close_connection', pid, 'closed by a test'], { stdio: 'ignore', timeout: 15_000 });
}
