import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as standin from '../../../src/index.js';
import * as testing from '../../../src/testing.js';
import * as conformance from '../../../src/conformance.js';
import { errorsDoc } from '../../../scripts/errorsDoc.js';

describe('the faked model’s public surface', () => {
  it('standin/testing owns the fake helpers and a TestApp with fake()', () => {
    for (const name of ['bindFake', 'fakeProvider', 'FakeModel', 'embedByHash', 'rankByOverlap'] as const)
      expect(testing[name]).toBeTypeOf('function');
    expect(testing.TestApp.prototype.fake).toBeTypeOf('function');
  });

  it('code.T0013 is the faked model’s "a call past the last answer"', () => {
    expect(standin.code.T0013).toBe('T0013');
    expect(conformance.catalog.T0013.means).toContain('past its last answer');
  });

  it('docs/errors.md lists the catalog, the T codes included', () => {
    const doc = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');
    expect(doc).toBe(errorsDoc());
    expect(doc).toContain('## The faked model');
  });
});
