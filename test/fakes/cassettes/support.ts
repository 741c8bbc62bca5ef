import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContainerModule } from 'inversify';
import { afterEach } from 'vitest';
import { z } from 'zod';
import {
  ClassificationQuestion as Q,
  ProviderFailure,
  Tokens,
  type Provider,
  type ReplyPart,
  type StandinConfigInput,
} from '../../../src/index.js';
import { createTestApp, type TestApp } from '../../../src/testing.js';
import {
  messageDelta,
  messageStart,
  messageStop,
  textBlock,
  thinkingBlock,
  toolBlock,
} from '../../support/anthropicStreams.js';
import { KEY } from '../../services/providers/loopback/callContext.js';
import { decisions, systemone } from '../../services/providers/loopback/classifierServers.js';
import { json, raw, stream, type LoopbackServer } from '../../services/providers/loopback/LoopbackServer.js';
import { chatStream, textParts } from '../../support/openaiStreams.js';

export { KEY };

/** A fresh folder for a test's cassettes, removed after the test. */
export function useFolder(): () => string {
  let folder: string | undefined;
  afterEach(() => {
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
    folder = undefined;
  });
  return () => (folder ??= mkdtempSync(join(tmpdir(), 'standin-cassette-')));
}

/** The speech the loopback server answers: bytes that are no text, so base64 is needed. */
export const AUDIO = Buffer.from([0xff, 0xfb, 0x90, 0x44, 0x00, 0x00, 0x0f, 0xf0, 0x80, 0x7f]);

/** Answers every endpoint the exercise calls, as each real service would. */
export function serveEverything(server: LoopbackServer): void {
  server.on(
    '/v1/messages',
    stream(
      messageStart(31) +
        thinkingBlock(0, ['The user wants ', 'a password reset.']) +
        textBlock(1, ['Let me ', 'look that up.']) +
        toolBlock(2, 'toolu_01', 'findInGuide', ['{"words":', ' "reset a password"}']) +
        messageDelta('tool_use', 17) +
        messageStop,
    ),
  );
  server.on('/v1/chat/completions', stream(chatStream(textParts(['{"answer":', '42,"sure":', 'true}'], [14, 9]))));
  server.on('/v1/embeddings', json(200, { data: [{ index: 0, embedding: [0.25, -0.5, 1.75] }] }));
  server.on('/v1/audio/transcriptions', json(200, { text: 'please reset my password' }));
  server.on('/v1/audio/speech', raw(200, AUDIO, { 'content-type': 'audio/mpeg' }));
  server.on(
    '/v1/rerank',
    json(200, {
      results: [
        { index: 1, relevance_score: 0.9 },
        { index: 0, relevance_score: 0.2 },
      ],
    }),
  );
  server.on('/v1/call', (request, response) =>
    json(200, { echoed: JSON.parse(request.body.toString('utf8')), at: 'local' })(request, response),
  );
  server.on('/v1/systemone', systemone());
  server.on('/v1/decisions', decisions());
}

/** A provider of our own with `call`, speaking HTTP to the loopback server, as an application would bind one. */
export function localProvider(base: string): Provider {
  return {
    real: true,
    // eslint-disable-next-line require-yield
    async *reply() {
      throw new ProviderFailure('bad_request', 'local answers call only');
    },
    async call(input, context) {
      const response = await fetch(`${base}/v1/call`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
        body: JSON.stringify(input),
        signal: context.signal,
      });
      if (!response.ok) throw new ProviderFailure('server', `local answered ${response.status}`);
      return response.json();
    },
  };
}

/** Models on the anthropic and openai adapters and a local provider, the typesafe or decisions classifier: all on the server at `base`. */
export function config(base: string, classifier: 'typesafe' | 'decisions' = 'typesafe'): StandinConfigInput {
  return {
    models: {
      writer: { provider: 'anthropic', model: 'claude-test' },
      backup: { provider: 'openai', model: 'gpt-test' },
      helper: { provider: 'local', model: 'local-1' },
    },
    providers: {
      anthropic: { baseURL: base, apiKey: KEY },
      openai: { baseURL: `${base}/v1`, apiKey: KEY },
      [classifier]: { baseURL: classifier === 'typesafe' ? base : `${base}/v1`, apiKey: KEY },
    },
    classifier: { provider: classifier },
    retry: { attempts: 3, baseDelayMs: 100, maxDelayMs: 10_000, jitter: 0 },
  };
}

/** A test app on `config(base)`, with the local provider bound by name. */
export function appOn(base: string, classifier: 'typesafe' | 'decisions' = 'typesafe'): TestApp {
  const local = localProvider(base);
  return createTestApp(
    config(base, classifier),
    new ContainerModule(({ bind }) => {
      bind(Tokens.Provider).toConstantValue(local).whenNamed('local');
    }),
  );
}

export const questions = {
  team: Q.choice('Which team?', ['billing', 'technical']),
  urgency: Q.score('How urgent?', ['can wait', 'today', 'right now']),
  refund: Q.yesNo('The customer asks for a refund.'),
};

const findInGuide = { input: z.object({ words: z.string() }), run: () => 'page 2' };

/** Every capability once, as an app would call them; what each gave. */
export async function exercise(app: TestApp) {
  const streamed: ReplyPart[] = [];
  for await (const part of app.stream('writer', {
    instructions: 'You are the help desk.',
    messages: 'How do I reset my password?',
    tools: { findInGuide },
  }))
    streamed.push(part);
  const typed = await app.reply('backup', {
    messages: 'What is six times seven?',
    output: z.object({ answer: z.number(), sure: z.boolean() }),
  });
  const vector = await app.embed('backup', 'reset a password');
  const heard = await app.hear('backup', {
    audio: new Uint8Array([82, 73, 70, 70, 1, 2, 3]),
    kind: 'wav',
    language: 'en',
  });
  const spoken = await app.speak('backup', 'Open Settings, then Password.');
  const scores = await app.rank('backup', 'reset password', ['billing address', 'password reset steps']);
  const output = await app.call('helper', { ticket: 7, words: ['reset'] });
  const classified = await app.classify('My card was charged twice.', questions, { requestId: 'ticket-7' });
  return {
    streamed,
    typed,
    vector,
    heard,
    spoken,
    scores,
    output,
    answers: classified.answers,
    requestId: classified.requestId,
  };
}

/**
 * A reply's parts as what they carry: the text, the reasoning by block and the value's JSON
 * joined, the calls, the value's pieces, the units summed, the finish. Streams cut text into
 * different pieces; this is what a caller reads of them.
 */
export function carried(parts: readonly ReplyPart[]) {
  let text = '';
  const reasoning: string[] = [];
  const values: string[] = [];
  const calls: unknown[] = [];
  const units = { tokensIn: 0, tokensOut: 0 };
  let finish: string | undefined;
  for (const part of parts) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'reasoning') reasoning[part.block] = (reasoning[part.block] ?? '') + part.text;
    else if (part.type === 'value') values.push(part.json);
    else if (part.type === 'call') calls.push(part.call);
    else if (part.type === 'units') {
      units.tokensIn += part.tokensIn;
      units.tokensOut += part.tokensOut;
    } else finish = part.reason;
  }
  return { text, reasoning, values, calls, units, finish };
}
