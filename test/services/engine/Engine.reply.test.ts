import { ContainerModule } from 'inversify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StandinError, Tokens, tool, userText, type Provider } from '../../../src/index.js';
import { Engine } from '../../../src/services/engine/Engine.js';
import { createTestApp } from '../../../src/testing.js';
import { appWith, asks, gives, says, scripted } from '../../support/providers.js';

const models = { writer: { provider: 'main', model: 'main-model-1' } };

describe(Engine, () => {
  describe('.reply', () => {
    describe('resolving the model', () => {
      it("hands the provider its model id, not the application's name for it", async () => {
        const provider = scripted([says('hi')]);
        await appWith({ main: provider }, { models }).reply('writer', { messages: 'Hello' });
        expect(provider.seen[0]!.request.model).toBe('main-model-1');
        expect(provider.seen[0]!.context).toMatchObject({
          modelName: 'writer',
          model: 'main-model-1',
          provider: 'main',
        });
      });

      it('rejects an unknown model with E0001, listing the configured names', async () => {
        const app = appWith(
          { main: scripted([says('hi')]) },
          { models: { ...models, triage: { provider: 'main', model: 'm' } } },
        );
        await expect(app.reply('witer', { messages: 'Hello' })).rejects.toMatchObject({
          code: 'E0001',
          message:
            "E0001: There is no model named 'witer'. Configured models: writer, triage. Call one of them, or add 'witer' under config.models.",
        });
      });

      it('rejects a model whose provider is not bound with E0002, listing the bound providers and the fix', async () => {
        const app = appWith(
          { other: scripted([says('hi')]) },
          { models: { writer: { provider: 'main', model: 'm' }, triage: { provider: 'other', model: 'm' } } },
        );
        await expect(app.reply('writer', { messages: 'Hello' })).rejects.toMatchObject({
          code: 'E0002',
          message: expect.stringContaining(
            "Model 'writer' uses provider 'main', and no provider of that name is bound. Bound providers: other.",
          ),
        });
      });

      it("prefers a provider bound for the one model ('model:<name>') over its provider's", async () => {
        const shared = scripted([says('shared')]);
        const own = scripted([says('own')]);
        const app = createTestApp(
          { models: { writer: { provider: 'main', model: 'm' }, triage: { provider: 'main', model: 'm' } } },
          new ContainerModule(({ bind }) => {
            bind(Tokens.Provider).toConstantValue(shared).whenNamed('main');
            bind(Tokens.Provider).toConstantValue(own).whenNamed('model:writer');
          }),
        );
        expect((await app.reply('writer', { messages: 'x' })).text).toBe('own');
        expect((await app.reply('triage', { messages: 'x' })).text).toBe('shared');
      });

      it('sees a provider rebound while the app lives at the very next call', async () => {
        const app = appWith({ main: scripted([says('before')]) }, { models });
        expect((await app.reply('writer', { messages: 'x' })).text).toBe('before');
        app.container
          .rebind(Tokens.Provider)
          .toConstantValue(scripted([says('after')]))
          .whenNamed('main');
        expect((await app.reply('writer', { messages: 'x' })).text).toBe('after');
      });
    });

    describe('validating the request before any provider sees it', () => {
      it.each([
        ['messages missing', {}, 'request.messages: missing.'],
        ['an empty conversation', { messages: [] }, 'request.messages:'],
        ['a message with a bad role', { messages: [{ role: 'system', content: 'x' }] }, 'request.messages[0].role:'],
        [
          'a user message without text',
          { messages: [{ role: 'user', content: 3 }] },
          'request.messages[0].content: does not match any allowed shape, got a number.',
        ],
        ['an unknown field', { messages: 'x', temperature: 0 }, "request.temperature: unknown key 'temperature'."],
        [
          'a tool that is not a tool',
          { messages: 'x', tools: { find: { run: () => 1 } } },
          'request.tools.find.input:',
        ],
        [
          'a tool name providers refuse',
          { messages: 'x', tools: { 'find in guide': tool({ input: z.object({}), run: () => 1 }) } },
          'request.tools["find in guide"]: the name "find in guide" is not allowed: a tool name is 1 to 64 letters, digits, _ or -.',
        ],
        ['an output that is not a zod schema', { messages: 'x', output: { type: 'object' } }, 'request.output:'],
      ])('rejects %s with E0003 and the exact path', async (_, input, message) => {
        const provider = scripted([says('hi')]);
        const app = appWith({ main: provider }, { models });
        const failure = app.reply('writer', input as never);
        await expect(failure).rejects.toMatchObject({ code: 'E0003', message: expect.stringContaining(message) });
        expect(provider.seen).toHaveLength(0);
      });

      it('rejects bad options with E0003', async () => {
        const app = appWith({ main: scripted([says('hi')]) }, { models });
        await expect(app.reply('writer', { messages: 'x' }, { retry: { attempts: 0 } })).rejects.toMatchObject({
          code: 'E0003',
          message: expect.stringContaining('options.retry'),
        });
        await expect(app.reply('writer', { messages: 'x' }, { signal: 'stop' } as never)).rejects.toMatchObject({
          code: 'E0003',
          message: expect.stringContaining('options.signal'),
        });
      });
    });

    describe('building the provider request', () => {
      it('turns a string into one user message and passes instructions on', async () => {
        const provider = scripted([says('hi')]);
        await appWith({ main: provider }, { models }).reply('writer', { instructions: 'Be brief.', messages: 'Hello' });
        expect(provider.seen[0]!.request).toEqual({
          model: 'main-model-1',
          instructions: 'Be brief.',
          messages: [{ role: 'user', content: 'Hello' }],
        });
      });

      it('gives tools as name, description and the JSON Schema of their input', async () => {
        const provider = scripted([says('hi')]);
        const findInGuide = tool({
          description: 'Finds guide pages.',
          input: z.object({ words: z.string() }),
          run: () => [],
        });
        await appWith({ main: provider }, { models }).reply('writer', { messages: 'x', tools: { findInGuide } });
        expect(provider.seen[0]!.request.tools).toEqual([
          {
            name: 'findInGuide',
            description: 'Finds guide pages.',
            input: {
              type: 'object',
              properties: { words: { type: 'string' } },
              required: ['words'],
              additionalProperties: false,
            },
          },
        ]);
      });

      it("gives the typed value's shape as JSON Schema, and its zod shape in the context", async () => {
        const provider = scripted([gives({ team: 'billing' })]);
        const output = z.object({ team: z.enum(['billing', 'technical']) });
        await appWith({ main: provider }, { models }).reply('writer', { messages: 'x', output });
        expect(provider.seen[0]!.request.output).toEqual({
          name: 'value',
          schema: {
            type: 'object',
            properties: { team: { type: 'string', enum: ['billing', 'technical'] } },
            required: ['team'],
            additionalProperties: false,
          },
        });
        expect(provider.seen[0]!.context.output).toBe(output);
      });

      it('hands the provider the scope, a request id, a step key and the attempt', async () => {
        const provider = scripted([says('hi')]);
        const app = appWith({ main: provider }, { models });
        await app.scope('test-7', () => app.reply('writer', { messages: 'x' }, { requestId: 'req-1' }));
        expect(provider.seen[0]!.context).toMatchObject({
          scope: 'test-7',
          requestId: 'req-1',
          stepKey: expect.stringMatching(/^call:/),
          attempt: 1,
        });
      });

      it('gives each app its own request ids, distinct for every call', async () => {
        const one = scripted([says('hi')]);
        const two = scripted([says('hi')]);
        const a = appWith({ main: one }, { models });
        const b = appWith({ main: two }, { models });
        await a.reply('writer', { messages: 'x' });
        await a.reply('writer', { messages: 'x' });
        await b.reply('writer', { messages: 'x' });
        expect(one.seen[0]!.context.requestId).not.toBe(one.seen[1]!.context.requestId);
        expect(one.seen[0]!.context.requestId.startsWith(a.id)).toBe(true);
        expect(two.seen[0]!.context.requestId.startsWith(b.id)).toBe(true);
      });

      it('hands the provider the API key from the config', async () => {
        const provider = scripted([says('hi')]);
        await appWith({ main: provider }, { models, providers: { main: { apiKey: 'sk-test' } } }).reply('writer', {
          messages: 'x',
        });
        expect(provider.seen[0]!.context.apiKey).toBe('sk-test');
      });

      it('uses the default partition outside any scope, and S0001 under strictScopes', async () => {
        const provider = scripted([says('hi')]);
        await appWith({ main: provider }, { models }).reply('writer', { messages: 'x' });
        expect(provider.seen[0]!.context.scope).toBe('');
        const strict = appWith({ main: provider }, { models, strictScopes: true });
        await expect(strict.reply('writer', { messages: 'x' })).rejects.toMatchObject({ code: 'S0001' });
        expect(provider.seen).toHaveLength(1);
      });
    });

    describe('collecting the reply', () => {
      it('joins text parts and sums units', async () => {
        const provider = scripted([
          [
            { type: 'text', text: 'Open ' },
            { type: 'units', tokensIn: 10, tokensOut: 1 },
            { type: 'text', text: 'Settings.' },
            { type: 'units', tokensIn: 0, tokensOut: 2 },
            { type: 'finish', reason: 'stop' },
          ],
        ]);
        const reply = await appWith({ main: provider }, { models }).reply('writer', { messages: 'x' });
        expect(reply).toEqual({
          text: 'Open Settings.',
          calls: [],
          value: undefined,
          reasoning: [],
          units: { tokensIn: 10, tokensOut: 3 },
          finish: 'stop',
          model: 'writer',
        });
      });

      it('keeps reasoning one text per block', async () => {
        const provider = scripted([
          [
            { type: 'reasoning', text: 'The user ', block: 0 },
            { type: 'reasoning', text: 'wants a reset.', block: 0 },
            { type: 'reasoning', text: 'Check the guide.', block: 1 },
            { type: 'text', text: 'ok' },
            { type: 'finish', reason: 'stop' },
          ],
        ]);
        const reply = await appWith({ main: provider }, { models }).reply('writer', { messages: 'x' });
        expect(reply.reasoning).toEqual(['The user wants a reset.', 'Check the guide.']);
      });

      it('collects tool calls in order, and finishes with calls', async () => {
        const provider = scripted([asks({ tool: 'a', with: { n: 1 } }, { tool: 'b', with: {} })]);
        const reply = await appWith({ main: provider }, { models }).reply('writer', { messages: 'x' });
        expect(reply.calls).toEqual([
          { id: 'call-0', tool: 'a', with: { n: 1 } },
          { id: 'call-1', tool: 'b', with: {} },
        ]);
        expect(reply.finish).toBe('calls');
      });

      it('infers the finish when a provider leaves it out', async () => {
        const reply = await appWith({ main: scripted([[{ type: 'text', text: 'hi' }]]) }, { models }).reply('writer', {
          messages: 'x',
        });
        expect(reply.finish).toBe('stop');
      });

      it('parses and validates the typed value against the zod shape', async () => {
        const reply = await appWith({ main: scripted([gives({ team: 'billing', urgent: true })]) }, { models }).reply(
          'writer',
          {
            messages: 'x',
            output: z.object({ team: z.enum(['billing', 'technical']), urgent: z.boolean() }),
          },
        );
        expect(reply.value).toEqual({ team: 'billing', urgent: true });
        expect(reply.text).toBe('');
      });

      it('applies the shape to the value, transforms included', async () => {
        const reply = await appWith({ main: scripted([gives({ when: '2026-01-02' })]) }, { models }).reply('writer', {
          messages: 'x',
          output: z.object({ when: z.string().transform((s) => s.split('-').map(Number)) }),
        });
        expect(reply.value).toEqual({ when: [2026, 1, 2] });
      });

      it('rejects a value that does not fit with E0006 naming the path', async () => {
        const app = appWith({ main: scripted([gives({ team: 'legal', tags: ['a', 2] })]) }, { models });
        await expect(
          app.reply('writer', {
            messages: 'x',
            output: z.object({ team: z.enum(['billing', 'technical']), tags: z.array(z.string()) }),
          }),
        ).rejects.toMatchObject({
          code: 'E0006',
          message: expect.stringMatching(/value\.team: .*\n.*value\.tags\[1\]: expected a string, got a number\./s),
        });
      });

      it('rejects a value that is not JSON with E0006', async () => {
        const app = appWith(
          {
            main: scripted([
              [
                { type: 'value', json: '{"team": bill' },
                { type: 'finish', reason: 'stop' },
              ],
            ]),
          },
          { models },
        );
        await expect(
          app.reply('writer', { messages: 'x', output: z.object({ team: z.string() }) }),
        ).rejects.toMatchObject({
          code: 'E0006',
          message: expect.stringContaining("Model 'writer' gave a typed value that is not JSON"),
        });
      });

      it('is not retried when the value does not fit: a mismatch is no provider failure', async () => {
        const provider = scripted([gives({ team: 'legal' })]);
        const app = appWith({ main: provider }, { models });
        await expect(
          app.reply('writer', { messages: 'x', output: z.object({ team: z.enum(['billing']) }) }),
        ).rejects.toMatchObject({ code: 'E0006' });
        expect(provider.seen).toHaveLength(1);
      });
    });

    describe('holding providers to the contract', () => {
      it.each([
        ['a part of an unknown type', [{ type: 'delta', text: 'x' }], "part 0 has type 'delta'"],
        [
          'a part after the finish',
          [
            { type: 'finish', reason: 'stop' },
            { type: 'text', text: 'x' },
          ],
          'part 1 came after the finish part',
        ],
        ['a text part without text', [{ type: 'text' }], 'part 0 is a text part without a string `text`'],
        [
          'a call without a tool',
          [{ type: 'call', call: { id: 'c', with: {} } }],
          'part 0 is a call part without a `call`',
        ],
        ['negative units', [{ type: 'units', tokensIn: -1, tokensOut: 0 }], 'part 0 is a units part'],
        [
          'an unknown finish reason',
          [{ type: 'finish', reason: 'done' }],
          "part 0 is a finish part with reason 'done'",
        ],
        [
          'a typed value nobody asked for',
          [{ type: 'value', json: '{}' }],
          'part 0 is a typed-value part, but the call asked for no typed value',
        ],
      ])('rejects %s with E0007, naming the provider and the part', async (_, parts, message) => {
        const app = appWith({ main: scripted([parts as never]) }, { models });
        await expect(app.reply('writer', { messages: 'x' })).rejects.toMatchObject({
          code: 'E0007',
          message: expect.stringContaining(`Provider 'main' broke the reply contract: ${message}`),
        });
      });

      it('does not retry a broken contract', async () => {
        const provider = scripted([[{ type: 'nope' } as never]]);
        await expect(appWith({ main: provider }, { models }).reply('writer', { messages: 'x' })).rejects.toBeInstanceOf(
          StandinError,
        );
        expect(provider.seen).toHaveLength(1);
      });

      it('passes on any other error of a provider as it is, untouched and unretried', async () => {
        const bug = new TypeError('provider bug');
        const provider = scripted([bug]);
        await expect(appWith({ main: provider }, { models }).reply('writer', { messages: 'x' })).rejects.toBe(bug);
        expect(provider.seen).toHaveLength(1);
      });
    });
  });
});

describe('a provider bound as a plain object', () => {
  it('needs no class and no decorators', async () => {
    const echo: Provider = {
      async *reply(request) {
        const last = request.messages.at(-1);
        yield { type: 'text', text: last?.role === 'user' ? userText(last) : '' };
      },
    };
    expect((await appWith({ main: echo }, { models }).reply('writer', { messages: 'echo me' })).text).toBe('echo me');
  });
});
