import assert from 'node:assert/strict';
import type { ReplyPart } from '../services/spec/Provider.js';
import { prime, requestFor, type CaseBody, type CaseRun, type ProviderCaseSettings } from './providerCase.js';
import {
  conformanceTicket,
  replyScenarios,
  scenarioRequests,
  type MakeProvider,
  type ReplyScenario,
} from './providerScenarios.js';
import { checkOrder, conformanceContext, isJsonData, readReply, show, succeeded } from './replyChecks.js';

/** The parts of a successful reply to a scenario, in order and well formed. */
async function replyTo(
  make: MakeProvider,
  scenario: ReplyScenario,
  settings: ProviderCaseSettings,
): Promise<readonly ReplyPart[]> {
  const { provider } = await prime(make, scenario);
  const context = conformanceContext(
    settings,
    new AbortController().signal,
    scenario === 'value' ? conformanceTicket : undefined,
  );
  const read = await readReply(() => provider.reply(requestFor(scenario, settings), context), settings.timeoutMs);
  const parts = succeeded(read, scenario);
  checkOrder(parts, scenario);
  return parts;
}

function claimedReplies(settings: ProviderCaseSettings): ReplyScenario[] {
  return replyScenarios.filter((scenario) => settings.claims.has(scenario));
}

const of = <T extends ReplyPart['type']>(parts: readonly ReplyPart[], type: T) =>
  parts.filter((part): part is Extract<ReplyPart, { type: T }> => part.type === type);

const expectedFinish: Readonly<Record<ReplyScenario, string>> = {
  text: 'stop',
  value: 'stop',
  calls: 'calls',
  length: 'length',
};

/**
 * The bodies of the cases of a successful reply: order, text, units, value, calls and finish (listed in
 * providerCases.ts).
 */
export const replyRuns = {
  async order(make, settings) {
    for (const scenario of claimedReplies(settings)) await replyTo(make, scenario, settings);
  },
  async text(make, settings) {
    const parts = await replyTo(make, 'text', settings);
    const text = of(parts, 'text')
      .map((part) => part.text)
      .join('');
    assert.ok(text.trim().length > 0, 'the text parts of a text reply must join into a text that is not blank');
    assert.equal(of(parts, 'call').length, 0, 'a text reply has no call parts');
    assert.equal(of(parts, 'value').length, 0, 'a reply to a request with no output has no value parts');
  },
  async units(make, settings) {
    for (const scenario of claimedReplies(settings)) {
      const units = of(await replyTo(make, scenario, settings), 'units');
      assert.ok(units.length > 0, `the '${scenario}' reply must report the tokens it used in a units part`);
      const tokensIn = units.reduce((sum, part) => sum + part.tokensIn, 0);
      const tokensOut = units.reduce((sum, part) => sum + part.tokensOut, 0);
      assert.ok(
        Number.isSafeInteger(tokensIn) && Number.isSafeInteger(tokensOut),
        `the '${scenario}' reply's units must sum to whole numbers`,
      );
    }
  },
  async value(make, settings) {
    const parts = await replyTo(make, 'value', settings);
    const json = of(parts, 'value')
      .map((part) => part.json)
      .join('');
    assert.ok(json.length > 0, 'a reply to a request with an output must give the value in value parts');
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      assert.fail(`the value parts must join into JSON, and they joined into ${JSON.stringify(json.slice(0, 200))}`);
    }
    const fit = conformanceTicket.safeParse(value);
    assert.ok(
      fit.success,
      `the value must fit the requested output ` +
        `${JSON.stringify(scenarioRequests(settings.model).value.output?.schema)}, and it is ${json.slice(0, 200)}`,
    );
    assert.equal(of(parts, 'call').length, 0, 'a reply that gives a value has no call parts');
  },
  async calls(make, settings) {
    const request = scenarioRequests(settings.model).calls;
    const calls = of(await replyTo(make, 'calls', settings), 'call').map((part) => part.call);
    assert.ok(calls.length > 0, 'a reply to the calls scenario must ask for at least one tool');
    const tools = (request.tools ?? []).map((tool) => tool.name);
    const ids = new Set<string>();
    calls.forEach((call, at) => {
      assert.ok(
        typeof call.id === 'string' && call.id.length > 0,
        `call ${at} must have an id that is a non-empty string, got ${show(call.id)}`,
      );
      assert.ok(!ids.has(call.id), `call ${at} reuses the id '${call.id}': ids are unique within a reply`);
      ids.add(call.id);
      assert.ok(
        tools.includes(call.tool),
        `call ${at} asks for tool ${show(call.tool)}, which the request does not offer (it offers ${tools.join(', ')})`,
      );
      assert.ok(
        isJsonData(call.with),
        `call ${at}'s input must be JSON data (what JSON.parse gives), got ${show(call.with)}`,
      );
    });
  },
  async finish(make, settings) {
    for (const scenario of claimedReplies(settings)) {
      const parts = await replyTo(make, scenario, settings);
      const reason = of(parts, 'finish')[0]?.reason;
      assert.equal(
        reason,
        expectedFinish[scenario],
        `the '${scenario}' reply must finish '${expectedFinish[scenario]}'`,
      );
      if (scenario !== 'length')
        assert.equal(
          of(parts, 'call').length > 0,
          reason === 'calls',
          `a reply finishes 'calls' exactly when it has call parts`,
        );
    }
  },
  async length(make, settings) {
    const parts = await replyTo(make, 'length', settings);
    assert.equal(of(parts, 'finish')[0]?.reason, 'length', "a reply cut short must finish 'length'");
  },
} satisfies Partial<Record<CaseBody, CaseRun>>;
