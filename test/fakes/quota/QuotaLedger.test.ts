import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRefusal, QuotaLedger, WINDOW_MS, type LedgerRefusal } from '../../../src/fakes/quota/QuotaLedger.js';
import type { QuotaLimits } from '../../../src/fakes/quota/quotaSettings.js';

const limits = (set: Partial<QuotaLimits>): QuotaLimits => ({
  requestsPerMinute: undefined,
  tokensPerMinute: undefined,
  concurrent: undefined,
  per: 'app',
  ...set,
});

describe(QuotaLedger, () => {
  describe('.admit', () => {
    it('lets a call leave the window exactly 60 s after it started', () => {
      const ledger = new QuotaLedger(limits({ requestsPerMinute: 1 }));
      expect(isRefusal(ledger.admit(0, 0))).toBe(false);
      expect(ledger.admit(WINDOW_MS - 1, 0)).toMatchObject({ limit: 'requestsPerMinute', retryAfterMs: 1 });
      expect(isRefusal(ledger.admit(WINDOW_MS, 0))).toBe(false);
    });

    it('answers the limit whose room comes later when two refuse', () => {
      const ledger = new QuotaLedger(limits({ requestsPerMinute: 2, tokensPerMinute: 100 }));
      ledger.admit(0, 90);
      ledger.admit(20_000, 5);
      // requests: room at 60 s, when the first leaves; tokens: 95 + 10 > 100 also until 60 s; at 50 s both wait 10 s.
      expect(ledger.admit(50_000, 10)).toMatchObject({ retryAfterMs: 10_000 });
      const later = new QuotaLedger(limits({ requestsPerMinute: 2, tokensPerMinute: 100 }));
      later.admit(0, 5);
      later.admit(20_000, 95); // the tokens fit only once this one leaves, at 80 s
      expect(later.admit(50_000, 10)).toMatchObject({ limit: 'tokensPerMinute', retryAfterMs: 30_000 });
    });

    it('refuses past the calls in flight, until one settles', () => {
      const ledger = new QuotaLedger(limits({ concurrent: 1 }));
      const first = ledger.admit(0, 0);
      expect(ledger.admit(0, 0)).toMatchObject({ limit: 'concurrent', retryAfterMs: undefined, used: 1 });
      if (!isRefusal(first)) first.settle();
      expect(isRefusal(ledger.admit(0, 0))).toBe(false);
    });

    it('never lets more calls into a 60 s window than requestsPerMinute, and its wait is the shortest that admits', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 5 }),
          fc.array(fc.integer({ min: 0, max: 30_000 }), { minLength: 1, maxLength: 40 }),
          (rpm, gaps) => {
            const ledger = new QuotaLedger(limits({ requestsPerMinute: rpm }));
            const started: number[] = [];
            let now = 0;
            for (const gap of gaps) {
              now += gap;
              const answer = ledger.admit(now, 0);
              if (!isRefusal(answer)) {
                answer.settle();
                started.push(now);
                expect(started.filter((at) => at > now - WINDOW_MS).length).toBeLessThanOrEqual(rpm);
                continue;
              }
              const wait = (answer as LedgerRefusal).retryAfterMs!;
              expect(wait).toBeGreaterThan(0);
              expect(started.filter((at) => at > now - WINDOW_MS).length).toBe(rpm);
              // One millisecond sooner the window is still full; at the wait, it has room.
              expect(started.filter((at) => at > now + wait - 1 - WINDOW_MS).length).toBe(rpm);
              expect(started.filter((at) => at > now + wait - WINDOW_MS).length).toBeLessThan(rpm);
            }
            for (const at of started)
              expect(started.filter((other) => other >= at && other < at + WINDOW_MS).length).toBeLessThanOrEqual(rpm);
          },
        ),
      );
    });
  });

  describe('.usage', () => {
    it('counts the units a call settled with in place of its estimate', () => {
      const ledger = new QuotaLedger(limits({ tokensPerMinute: 1000 }));
      const admitted = ledger.admit(0, 300);
      expect(ledger.usage(0)).toEqual({ requests: 1, tokens: 300, inFlight: 1 });
      if (!isRefusal(admitted)) admitted.settle({ tokensIn: 120, tokensOut: 30 });
      expect(ledger.usage(0)).toEqual({ requests: 1, tokens: 150, inFlight: 0 });
      expect(ledger.usage(WINDOW_MS)).toEqual({ requests: 0, tokens: 0, inFlight: 0 });
    });
  });
});
