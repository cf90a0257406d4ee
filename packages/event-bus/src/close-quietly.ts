/** An amqplib channel or connection: close() plus the 'close' event. */
export interface AmqpClosable {
  close(): Promise<void>;
  once(event: 'close', listener: () => void): unknown;
  removeListener(event: 'close', listener: () => void): unknown;
}

/**
 * Closes a channel or connection and resolves once it is closed, whichever way that happens; never
 * rejects (one already closed counts as closed).
 *
 * Why not plain close(): amqplib resolves it only on the server's CloseOk. When the connection
 * drops before that answer the object still ends up closed and emits 'close', but the promise
 * never settles, and whoever awaits it stalls for good (a consumer setting up again after a
 * reconnect, a shutdown).
 */
export function closeQuietly(target: AmqpClosable, close: () => Promise<void> = () => target.close()): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      target.removeListener('close', done);
      resolve();
    };
    target.once('close', done);
    let closing: Promise<void>;
    try {
      closing = close();
    } catch {
      closing = Promise.resolve();
    }
    closing.then(done, done);
  });
}
