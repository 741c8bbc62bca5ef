/** How much a server may make one call hold or wait: each bound is a setting of the same name. */
export interface Limits {
  /** The most bytes one line of an event stream may have before its line end. */
  readonly maxLineBytes: number;
  /** The most bytes the data of one server-sent event may have, its data lines together. */
  readonly maxEventBytes: number;
  /** The most bytes of one response body, after decompression: a streamed one counted as it arrives. */
  readonly maxBodyBytes: number;
  /** The longest wait a `retry-after` / `retry-after-ms` hint may ask for; a longer hint is dropped. */
  readonly maxRetryAfterMs: number;
}

/** The most milliseconds a Node timer holds: a longer delay fires after about 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** The largest line or event a bound may allow: V8's strings hold up to about 2^29 characters. */
export const MAX_TEXT_BYTES = 2 ** 28;

/**
 * 4 MiB a line, 16 MiB an event, 64 MiB a body, a 60 s cap on retry hints (what the official clients honour). A
 * 128k-token streamed reply is under 40 MB, so the defaults stop only runaway bodies.
 */
export const defaultLimits: Limits = {
  maxLineBytes: 4 * 1024 * 1024,
  maxEventBytes: 16 * 1024 * 1024,
  maxBodyBytes: 64 * 1024 * 1024,
  maxRetryAfterMs: 60_000,
};

/** The bounds of a provider: each setting given, else its default. */
export function limitsOf(settings: Partial<Limits>): Limits {
  return {
    maxLineBytes: settings.maxLineBytes ?? defaultLimits.maxLineBytes,
    maxEventBytes: settings.maxEventBytes ?? defaultLimits.maxEventBytes,
    maxBodyBytes: settings.maxBodyBytes ?? defaultLimits.maxBodyBytes,
    maxRetryAfterMs: settings.maxRetryAfterMs ?? defaultLimits.maxRetryAfterMs,
  };
}
