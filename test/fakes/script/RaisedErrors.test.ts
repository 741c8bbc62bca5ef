import { describe, expect, it } from 'vitest';
import { StandinError } from '../../../src/index.js';
import { MAX_RAISED, RaisedErrors } from '../../../src/fakes/script/RaisedErrors.js';

const mistake = (n: number) => new StandinError('T0013', `call ${n} ran past the answers.\nMore detail.`);

describe(RaisedErrors, () => {
  describe('.findings', () => {
    it('reports each kept error as one finding: its scope, the code asked for, the call and the first line', () => {
      const raised = new RaisedErrors();
      raised.note(mistake(1), { scope: 'a', call: "step 'r#0'" });
      const line = "step 'r#0': T0013 call 1 ran past the answers.";
      expect(raised.findings('T0046')).toEqual([{ scope: 'a', code: 'T0046', line }]);
    });

    it("keeps only test author's errors", () => {
      const raised = new RaisedErrors();
      raised.note(new Error('plain'), { scope: '', call: 'a call' });
      raised.note(new StandinError('E0003', 'a bad request'), { scope: '', call: 'a call' });
      expect(raised.findings('T0046')).toEqual([]);
    });

    it('given a scope, reports the errors raised there only', () => {
      const raised = new RaisedErrors();
      raised.note(mistake(1), { scope: 'a', call: 'one' });
      raised.note(mistake(2), { scope: 'b', call: 'two' });
      const lines = raised.findings('T0046', 'b').map((finding) => finding.line);
      expect(lines).toEqual(['two: T0013 call 2 ran past the answers.']);
    });

    it('reports the errors past the kept ones as one more finding', () => {
      const raised = new RaisedErrors();
      for (let n = 0; n < MAX_RAISED + 3; n++) raised.note(mistake(n), { scope: 'a', call: `call ${n}` });
      const found = raised.findings('T0046');
      expect(found).toHaveLength(MAX_RAISED + 1);
      const line = "3 more calls, in any scope, raised a test author's error (not kept)";
      expect(found.at(-1)).toEqual({ scope: '', code: 'T0046', line });
    });
  });

  describe('.clear', () => {
    it('forgets every kept and counted error, so check passes', () => {
      const raised = new RaisedErrors();
      for (let n = 0; n < MAX_RAISED + 3; n++) raised.note(mistake(n), { scope: 'a', call: `call ${n}` });
      raised.clear();
      expect(raised.findings('T0046')).toEqual([]);
      expect(() => raised.check('T0046', 'owner')).not.toThrow();
    });
  });
});
