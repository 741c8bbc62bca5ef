import { z } from 'zod';
import { CallFailed, tool } from '../../../src/index.js';
import { ValueFailed } from '../../../src/errors/ValueFailed.js';
import { ProviderFailure } from '../../../src/errors/ProviderFailure.js';
import type { Answer, TestApp } from '../../../src/testing.js';
import type { MisbehaviourKind } from '../../../src/fakes/misbehave/misbehaviourKinds.js';
import { callParts, chatStream, textParts } from '../../support/openaiStreams.js';
import {
  messageDelta,
  messageStart,
  messageStop,
  textBlock,
  textMessage,
  toolBlock,
} from '../../support/anthropicStreams.js';

/** The misbehaviours of the agreement tests: the fake's answers, the providers' bytes, and what the application reads. */

export const Team = z.object({ team: z.enum(['billing', 'technical']), urgent: z.boolean() });
export const findInGuide = tool({ input: z.object({ words: z.string() }), run: ({ words }) => `page about ${words}` });
export type How = 'reply' | 'typed' | 'run';

/** One misbehaviour: the fake's answers, and the bytes each provider really sends for it (one body per request). */
export interface Case {
  readonly kind: MisbehaviourKind;
  readonly name: string;
  readonly how: How;
  readonly answers: readonly Answer[];
  readonly openai: readonly string[];
  readonly anthropic: readonly string[];
}

const refusal = "I can't help with that.";
const anthropicOk = textMessage(['ok']);
export const cases: readonly Case[] = [
  {
    kind: 'invalid_json',
    name: 'a typed value that is not JSON',
    how: 'typed',
    answers: [{ misbehave: 'invalid_json', text: '{"team": billing}' }],
    openai: [chatStream(textParts(['{"team": ', 'billing}']))],
    anthropic: [textMessage(['{"team": ', 'billing}'])],
  },
  {
    kind: 'wrong_shape',
    name: 'a typed value of the wrong shape',
    how: 'typed',
    answers: [{ misbehave: 'wrong_shape', value: { team: 'sales', urgent: true } }],
    openai: [chatStream(textParts(['{"team":"sales",', '"urgent":true}']))],
    anthropic: [textMessage(['{"team":"sales",', '"urgent":true}'])],
  },
  {
    kind: 'unknown_tool',
    name: 'a call to a tool the run does not have',
    how: 'run',
    answers: [
      { misbehave: 'unknown_tool', calls: [{ tool: 'deleteEverything', with: { all: true } }] },
      { text: 'ok' },
    ],
    openai: [
      chatStream(callParts([{ id: 'call_0_0', tool: 'deleteEverything', with: { all: true } }])),
      chatStream(textParts(['ok'])),
    ],
    anthropic: [
      messageStart(10) +
        toolBlock(0, 'call_0_0', 'deleteEverything', ['{"all":', 'true}']) +
        messageDelta('tool_use', 5) +
        messageStop,
      anthropicOk,
    ],
  },
  {
    kind: 'bad_tool_input',
    name: "a call whose input does not fit the tool's shape",
    how: 'run',
    answers: [{ misbehave: 'bad_tool_input', calls: [{ tool: 'findInGuide', with: { words: 3 } }] }, { text: 'ok' }],
    openai: [
      chatStream(callParts([{ id: 'call_0_0', tool: 'findInGuide', with: { words: 3 } }])),
      chatStream(textParts(['ok'])),
    ],
    anthropic: [
      messageStart(10) +
        toolBlock(0, 'call_0_0', 'findInGuide', ['{"words":', '3}']) +
        messageDelta('tool_use', 5) +
        messageStop,
      anthropicOk,
    ],
  },
  {
    kind: 'refusal',
    name: 'a refusal',
    how: 'typed',
    answers: [{ misbehave: 'refusal', text: refusal }],
    openai: [chatStream([{ type: 'units', tokensIn: 10, tokensOut: 5 }], { kind: 'refusal', text: refusal })],
    anthropic: [
      messageStart(10) + textBlock(0, ["I can't ", 'help with that.']) + messageDelta('refusal', 5) + messageStop,
    ],
  },
  {
    kind: 'truncated',
    name: 'a typed value cut off at the token limit',
    how: 'typed',
    answers: [{ misbehave: 'truncated', text: '{"team":"bil' }],
    openai: [chatStream(textParts(['{"team":', '"bil'], [10, 2], 'length'))],
    anthropic: [textMessage(['{"team":', '"bil'], [10, 2], 'max_tokens')],
  },
  {
    kind: 'truncated',
    name: 'a text cut off at the token limit',
    how: 'reply',
    answers: [{ misbehave: 'truncated', text: 'Open Settings, then Pass' }],
    openai: [chatStream(textParts(['Open Settings, ', 'then Pass'], [10, 2], 'length'))],
    anthropic: [textMessage(['Open Settings, ', 'then Pass'], [10, 2], 'max_tokens')],
  },
  {
    kind: 'content_filter',
    name: 'a reply the content filter stopped',
    how: 'reply',
    answers: [{ misbehave: 'content_filter' }],
    openai: [chatStream([{ type: 'units', tokensIn: 10, tokensOut: 0 }], { kind: 'content_filter' })],
    anthropic: [messageStart(10) + messageDelta('refusal', 0) + messageStop],
  },
  {
    kind: 'empty',
    name: 'an empty answer',
    how: 'typed',
    answers: [{ misbehave: 'empty' }],
    openai: [chatStream(textParts([], [10, 0]))],
    anthropic: [messageStart(10) + messageDelta('end_turn', 0) + messageStop],
  },
];

/**
 * What the application got: the reply or run it read, or the error it caught, in the terms it can read them. The real
 * adapter's run hands tool errors to the model as a production app does; the fake's keeps a test app's strict tools,
 * which a misbehaviour on purpose passes.
 */
export async function outcome(app: TestApp, how: How, options: { strictTools?: boolean } = {}): Promise<unknown> {
  try {
    if (how === 'run') {
      const run = await app.run({ model: 'writer', tools: { findInGuide } }, 'Help', options);
      return { text: run.text, calls: run.steps.map((s) => s.reply.calls), results: run.steps.map((s) => s.results) };
    }
    const reply = await app.reply('writer', { messages: 'Route it', ...(how === 'typed' ? { output: Team } : {}) });
    return { text: reply.text, value: reply.value, calls: reply.calls, finish: reply.finish };
  } catch (error) {
    const failure = error instanceof CallFailed ? error.cause : error;
    if (failure instanceof ValueFailed) {
      const { json, parsed, reply } = failure;
      return { error: 'ValueFailed', code: failure.code, json, parsed, text: reply.text, finish: reply.finish };
    }
    if (failure instanceof ProviderFailure) {
      return {
        error: 'ProviderFailure',
        wrapped: error instanceof CallFailed,
        kind: failure.kind,
        refusal: failure.refusal,
      };
    }
    throw error;
  }
}
