import assert from 'node:assert/strict';
import type { Provider } from '../services/providers/Provider.js';
import { prime, type CaseBody, type CaseRun, type ProviderCaseSettings } from './providerCase.js';
import { capabilityInputs, type MakeProvider, type ProviderScenario } from './providerScenarios.js';
import { conformanceContext, show, within } from './replyChecks.js';

async function capability<T>(make: MakeProvider, scenario: ProviderScenario & keyof Provider, settings: ProviderCaseSettings, call: (provider: Provider) => Promise<T> | undefined): Promise<T> {
  const { provider } = await prime(make, scenario);
  assert.equal(typeof provider[scenario], 'function', `a provider that claims ${scenario} must have the method ${scenario}`);
  return within(Promise.resolve(call(provider)) as Promise<T>, settings.timeoutMs, `the ${scenario} call`);
}

const context = (settings: ProviderCaseSettings) => conformanceContext(settings, new AbortController().signal);

/** The bodies of the cases of the capabilities besides reply: embed, hear, speak, rank and call (listed in providerCases.ts). */
export const capabilityRuns = {
  async embed(make, settings) {
    const vector: unknown = await capability(make, 'embed', settings, (p) => p.embed?.(capabilityInputs.embed, context(settings)));
    assert.ok(Array.isArray(vector) && vector.length > 0, `embed must give a non-empty list of numbers, got ${show(vector)}`);
    vector.forEach((n: unknown, at) => assert.ok(typeof n === 'number' && Number.isFinite(n), `the vector's item ${at} must be a finite number, got ${show(n)}`));
  },
  async hear(make, settings) {
    const heard: unknown = await capability(make, 'hear', settings, (p) => p.hear?.(capabilityInputs.hear, context(settings)));
    assert.equal(typeof (heard as { text?: unknown } | null)?.text, 'string', `hear must give { text: string }, got ${show(heard)}`);
  },
  async speak(make, settings) {
    const audio: unknown = await capability(make, 'speak', settings, (p) => p.speak?.(capabilityInputs.speak, context(settings)));
    assert.ok(audio instanceof Uint8Array, `speak must give a Uint8Array, got ${show(audio)}`);
    assert.ok(audio.length > 0, 'speak must give some bytes');
  },
  async rank(make, settings) {
    const { query, texts } = capabilityInputs.rank;
    const scores: unknown = await capability(make, 'rank', settings, (p) => p.rank?.(query, texts, context(settings)));
    assert.ok(Array.isArray(scores) && scores.length === texts.length, `rank must give ${texts.length} scores for ${texts.length} texts, got ${show(scores)}`);
    scores.forEach((n: unknown, at) => assert.ok(typeof n === 'number' && Number.isFinite(n), `the score of text ${at} must be a finite number, got ${show(n)}`));
  },
  async call(make, settings) {
    const output: unknown = await capability(make, 'call', settings, (p) => p.call?.(capabilityInputs.call, context(settings)));
    assert.notEqual(output, undefined, 'call must give an output (undefined is no output)');
  },
} satisfies Partial<Record<CaseBody, CaseRun>>;

