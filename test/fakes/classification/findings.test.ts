import { describe, expect, it } from 'vitest';
import { ClassificationAdapterError, code, type CursorStore } from '../../../src/index.js';
import { FakeClassifier, type ClassificationScriptEntry } from '../../../src/testing.js';
import { MemoryCursorStore } from '../../../src/conformance.js';
import { FunctionClassifier } from '../../../src/fakes/classification/FunctionClassifier.js';
import { request } from './fixtures.js';

/** Options for a call in `scope`, as a call without the engine names one. */
const inScope = (scope: string) => ({ adapterOpts: { scope } });

/** The code `verify()` throws, or undefined when it passes. */
async function verified(fake: { verify(): Promise<void> }): Promise<string | undefined> {
  return fake.verify().then(
    () => undefined,
    (error: { code?: string }) => error.code,
  );
}

describe(FakeClassifier, () => {
  describe('.findings', () => {
    it('reports every entry of a fake never called as unused in the default scope', async () => {
      const fake = new FakeClassifier({ script: [{ answers: { d: 'billing' } }, { retryUntilCall: 2 }] });
      expect(await fake.findings()).toEqual([
        {
          scope: '',
          code: code.K0012,
          line: 'script[0] {"answers":{"d":"billing"}} never used (the fake was never called)',
        },
        { scope: '', code: code.K0012, line: 'script[1] {"retryUntilCall":2} never used (the fake was never called)' },
      ]);
    });

    it('reports each entry no call used as one finding, in the scope that left it', async () => {
      const fake = new FakeClassifier({ script: [{ answers: {} }, { answers: { y: 0.5 } }] });
      await fake.classify(request(), inScope('a'));
      await fake.classify(request(), inScope('b'));
      await fake.classify(request(), inScope('b'));
      const line = 'script[1] {"answers":{"y":0.5}} never used';
      expect(await fake.findings()).toEqual([{ scope: 'a', code: code.K0012, line }]);
    });

    it('given a scope, reports that scope only', async () => {
      const fake = new FakeClassifier({ script: [{ answers: {} }, { answers: {} }] });
      await fake.classify(request(), inScope('a'));
      await fake.classify(request(), inScope('b'));
      await fake.classify(request(), inScope('b'));
      expect(await fake.findings('b')).toEqual([]);
      expect((await fake.findings('a')).map((finding) => finding.scope)).toEqual(['a']);
    });

    it("reports an explicit handle's unused entries in the default scope, saying so", async () => {
      const fake = new FakeClassifier({ script: [{ answers: {} }, { answers: {} }] });
      await fake.classify(request(), { adapterOpts: { scriptCursor: fake.startScriptCursor(), scope: 'a' } });
      const line = 'script[1] {"answers":{}} never used (explicit cursor handle)';
      expect(await fake.findings()).toEqual([{ scope: '', code: code.K0012, line }]);
    });

    it('names released scopes by the first of them, and says they were released', async () => {
      const store = new MemoryCursorStore();
      const fake = new FakeClassifier({ script: [{ answers: {} }, { answers: {} }], store });
      await fake.classify(request(), inScope('request:1'));
      await store.release('request:1');
      expect(await fake.findings()).toEqual([
        {
          scope: 'request:1',
          code: code.K0012,
          line: 'script[1] {"answers":{}} never used (released; 1 released scope left it)',
        },
      ]);
    });

    it('reports a spent script the app caught as K0014, before the unused entries, naming the call', async () => {
      const fake = new FakeClassifier({ script: [{ answers: {} }] });
      await fake.classify(request(), inScope('a'));
      await fake.classify(request(), { requestId: 'r-2', adapterOpts: { scope: 'a' } }).catch(() => undefined);
      const found = await fake.findings();
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ scope: 'a', code: code.K0014 });
      expect(found[0]!.line).toMatch(/^request 'r-2': K0008 FakeClassifier script exhausted: the script has 1 entry,/);
    });

    it('lists kept errors first, then the entries no call used', async () => {
      const fake = new FakeClassifier({ script: [{ answers: { d: 'nobody' } }, { answers: {} }] });
      await fake.classify(request()).catch(() => undefined);
      expect((await fake.findings()).map((finding) => finding.code)).toEqual([code.K0014, code.K0012]);
    });

    it('does not report an error entry the script asks for', async () => {
      const fake = new FakeClassifier({ script: [{ error: new ClassificationAdapterError('rate_limited') }] });
      await fake.classify(request()).catch(() => undefined);
      expect(await fake.findings()).toEqual([]);
    });

    it('is what verify() throws for: verify passes exactly when it is empty, and throws its first code', async () => {
      const cases: Array<[readonly ClassificationScriptEntry[], number]> = [
        [[{ answers: {} }], 0],
        [[{ answers: {} }], 1],
        [[{ answers: {} }, { answers: {} }], 1],
        [[{ answers: {} }], 2],
        [[{ answers: { d: 'nobody' } }], 1],
        [[], 3],
      ];
      const codes: Array<string | undefined> = [];
      for (const [script, calls] of cases) {
        const fake = new FakeClassifier({ script });
        for (let call = 0; call < calls; call++) await fake.classify(request()).catch(() => undefined);
        const found = await fake.findings();
        expect(await verified(fake)).toBe(found[0]?.code);
        codes.push(found[0]?.code);
      }
      expect(codes).toEqual([code.K0012, undefined, code.K0012, code.K0014, code.K0014, undefined]);
    });

    it('rejects when the store cannot be read', async () => {
      const store = { peek: () => Promise.reject(new Error('store down')) } as unknown as CursorStore;
      const fake = new FakeClassifier({ script: [{ answers: {} }], store });
      await expect(fake.findings()).rejects.toThrow('store down');
    });
  });

  describe('.forget', () => {
    it("forgets the test author's errors kept for verify", async () => {
      const fake = new FakeClassifier({ script: [{ answers: {} }] });
      await fake.classify(request());
      await fake.classify(request()).catch(() => undefined);
      await expect(fake.verify()).rejects.toMatchObject({ code: code.K0014 });
      fake.forget();
      expect(await fake.findings()).toEqual([]);
      await expect(fake.verify()).resolves.toBeUndefined();
    });

    it('leaves the cursors, which live in the store: the next call takes the next entry', async () => {
      const fake = new FakeClassifier({ script: [{ answers: { d: 'billing' } }, { answers: { d: 'sales' } }] });
      await fake.classify(request());
      fake.forget();
      expect((await fake.classify(request())).answer('d')?.choice).toBe('sales');
    });
  });
});

describe(FunctionClassifier, () => {
  describe('.findings', () => {
    it('reports nothing: a function has no entries left over, and verify passes', async () => {
      const fake = new FunctionClassifier(() => ({ answers: {} }));
      await fake.classify(request());
      expect(await fake.findings()).toEqual([]);
      await expect(fake.verify()).resolves.toBeUndefined();
    });
  });

  describe('.forget', () => {
    it('keeps the fake answering as before', async () => {
      const fake = new FunctionClassifier(() => ({ answers: { d: 'sales' } }));
      fake.forget();
      expect((await fake.classify(request())).answer('d')?.choice).toBe('sales');
    });
  });
});
