import { describe, expect, it } from 'vitest';
import { SharedSent } from '../../../src/fakes/shared/SharedSent.js';
import type { SentCall } from '../../../src/testing.js';

const call = (words: string): SentCall => ({ call: 'embed', input: words, scope: '', step: words, attempt: 1 });
const words = (view: SharedSent) => view.calls.map((entry) => entry.input);

describe('SharedSent', () => {
  describe('.calls', () => {
    it("lists the calls the last read held, then this process's calls since", () => {
      const view = new SharedSent(10);
      view.recorded(view.note(call('mine')), 2);
      view.replace([call('theirs'), call('mine')], 2);
      view.recorded(view.note(call('later')), 3);
      expect(words(view)).toEqual(['theirs', 'mine', 'later']);
    });

    it('lists once a call whose record settles after a read was taken, whether or not the read held it', async () => {
      const view = new SharedSent(10);
      const held = view.note(call('held'));
      const after = view.note(call('after'));
      let settled = false;
      const waiting = view.settled().then(() => (settled = true));
      view.recorded(held, 1);
      await Promise.resolve();
      expect(settled).toBe(false);
      view.recorded(after, 2);
      await waiting;
      view.replace([call('held')], 1);
      expect(words(view)).toEqual(['held', 'after']);
    });

    it('leaves a call whose record failed to the next read, which lists it if Redis took it', () => {
      const view = new SharedSent(10);
      view.recorded(view.note(call('lost')), undefined);
      expect(words(view)).toEqual(['lost']);
      view.replace([], 0);
      expect(words(view)).toEqual([]);
    });

    it('keeps listing a call the namespace surely never got', () => {
      const view = new SharedSent(10);
      view.recorded(view.note(call('failed early')), Infinity);
      view.replace([call('theirs')], 5);
      expect(words(view)).toEqual(['theirs', 'failed early']);
    });

    it("keeps at most the limit of this process's calls since the last read, the oldest dropped", () => {
      const view = new SharedSent(2);
      for (const name of ['a', 'b', 'c']) view.note(call(name));
      expect(words(view)).toEqual(['b', 'c']);
    });
  });

  describe('.clear', () => {
    it("forgets the last read's calls and this process's calls", () => {
      const view = new SharedSent(10);
      view.replace([call('theirs')], 1);
      view.note(call('mine'));
      view.clear();
      expect(words(view)).toEqual([]);
    });
  });
});
