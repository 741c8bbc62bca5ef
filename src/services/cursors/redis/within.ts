/** No reply within the bound. */
export class ReplyTimeout extends Error {
  constructor(ms: number) {
    super(`no reply within ${ms} ms`);
  }
}

/**
 * Rejects with {@link ReplyTimeout} after `ms`; a later reply is still read off the connection (Redis answers in
 * order).
 */
export function within<T>(reply: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ReplyTimeout(ms)), ms);
    reply.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
