import { connect, type ChannelModel } from 'amqplib';
import { TcpProxy, testEnv } from '@study/test-infra';
import { closeQuietly } from './close-quietly';
import { sleep } from './test-support/support';

const { amqpUrl } = testEnv();

describe('closeQuietly (real RabbitMQ)', () => {
  let proxy: TcpProxy;
  let model: ChannelModel;

  beforeEach(async () => {
    const target = new URL(amqpUrl);
    proxy = await TcpProxy.start(target.hostname, Number(target.port) || 5672);
    model = await connect(proxy.urlFor(amqpUrl));
    model.on('error', () => undefined);
  });

  afterEach(async () => {
    proxy.resumeDownstream();
    await proxy.close();
  });

  /** 'pending' while the promise has not settled after the connection dropped. */
  async function outcomeAfterDrop(closing: Promise<void>): Promise<'resolved' | 'rejected' | 'pending'> {
    let outcome: 'resolved' | 'rejected' | 'pending' = 'pending';
    closing.then(
      () => (outcome = 'resolved'),
      () => (outcome = 'rejected'),
    );
    // The close request is on its way; the server's answer is held back, then the connection drops.
    await sleep(100);
    proxy.dropAll();
    await sleep(300);
    return outcome;
  }

  it('resolves for a channel whose connection drops before the server answers the close', async () => {
    const channel = await model.createChannel();
    proxy.pauseDownstream();
    expect(await outcomeAfterDrop(closeQuietly(channel))).toBe('resolved');
  });

  // Holds the reason for the helper: if amqplib starts settling close() itself, this fails and the helper can go.
  it("is needed: amqplib's own channel close() never settles then", async () => {
    const channel = await model.createChannel();
    proxy.pauseDownstream();
    expect(await outcomeAfterDrop(channel.close())).toBe('pending');
  });

  it('resolves for a connection that drops before the server answers the close', async () => {
    proxy.pauseDownstream();
    expect(await outcomeAfterDrop(closeQuietly(model))).toBe('resolved');
  });

  it('resolves for a channel closed normally, and for one already closed', async () => {
    const channel = await model.createChannel();
    await closeQuietly(channel);
    await expect(closeQuietly(channel)).resolves.toBeUndefined();
    await closeQuietly(model);
  });
});
