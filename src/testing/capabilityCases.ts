import assert from 'node:assert/strict';
import { plainCapabilities, specOf } from '../services/capabilities/capabilities.js';
import type { PlainCapability } from '../services/spec/CapabilitySpec.js';
import type { Provider } from '../services/spec/Provider.js';
import { prime, type CaseRun, type ProviderCaseSettings } from './providerCase.js';
import { capabilityInputs, type MakeProvider } from './providerScenarios.js';
import { conformanceContext, show, within } from './replyChecks.js';

/**
 * What a conformance case asks of a result beyond its capability's contract (which `problem` checks for every call).
 */
const stricter: { readonly [N in PlainCapability]?: (result: unknown) => string | undefined } = {
  speak: (audio) => ((audio as Uint8Array).length > 0 ? undefined : 'speak must give some bytes'),
  call: (output) => (output === undefined ? 'call must give an output (undefined is no output)' : undefined),
};

async function capability(name: PlainCapability, make: MakeProvider, settings: ProviderCaseSettings): Promise<void> {
  const { provider } = await prime(make, name);
  assert.equal(
    typeof (provider as Provider)[name],
    'function',
    `a provider that claims ${name} must have the method ${name}`,
  );
  const spec = specOf(name);
  const args = capabilityInputs[name];
  const context = conformanceContext(settings, new AbortController().signal);
  const result: unknown = await within(spec.invoke(provider, args, context), settings.timeoutMs, `the ${name} call`);
  const problem = spec.problem(result, args);
  if (problem !== undefined) assert.fail(`${name} must give ${problem}, got ${shown(result)}`);
  const more = stricter[name]?.(result);
  if (more !== undefined) assert.fail(more);
}

/** A result for a message: a list item by item, so NaN and Infinity show as themselves (JSON would show null). */
function shown(result: unknown): string {
  if (!Array.isArray(result)) return show(result);
  const items = result.slice(0, 10).map((item: unknown) => (typeof item === 'number' ? String(item) : show(item)));
  return `[${items.join(', ')}${result.length > 10 ? ', ...' : ''}]`;
}

/** The bodies of the cases of the capabilities besides reply (listed in providerCases.ts), one per capability. */
export const capabilityRuns = Object.fromEntries(
  plainCapabilities.map((name) => [
    name,
    (make: MakeProvider, settings: ProviderCaseSettings) => capability(name, make, settings),
  ]),
) as {
  readonly [N in PlainCapability]: CaseRun;
};
