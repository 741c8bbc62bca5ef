import { generateObject, generateText, Output, stepCountIs, streamText, tool, type LanguageModel } from 'ai';
import { expect } from 'vitest';
import type { FakeServer } from 'standin/server';
import {
  expected,
  expectRetried,
  expectToolResult,
  PROMPT,
  script,
  scoped,
  triage,
  twoScopes,
  weather,
  type Cells,
} from './matrix.js';

/** A model of one AI SDK provider, made with its defaults: only where it goes, its key and its headers. */
export type Make = (server: FakeServer, headers: Record<string, string>) => LanguageModel;

const weatherTool = tool({ description: weather.description, inputSchema: weather.input, execute: weather.run });

/** The jobs, through `ai`'s generateText, streamText and generateObject with their default retries. */
export function aiSdkCells(make: Make, model: string): Cells {
  return {
    async plain(server) {
      const { scope, headers } = scoped(server, model, script.plain);
      expect((await generateText({ model: make(server, headers), prompt: PROMPT })).text).toBe(expected.plain);
      await server.verify(scope);
    },
    async stream(server) {
      const { scope, headers } = scoped(server, model, script.stream);
      const result = streamText({ model: make(server, headers), prompt: PROMPT });
      let text = '';
      for await (const delta of result.textStream) text += delta;
      expect(text).toBe(expected.stream);
      await server.verify(scope);
    },
    async tools(server) {
      const { scope, headers } = scoped(server, model, script.tools);
      const result = await generateText({
        model: make(server, headers),
        tools: { weather: weatherTool },
        stopWhen: stepCountIs(3),
        prompt: PROMPT,
      });
      expect(result.text).toBe(expected.tools);
      expect(result.steps).toHaveLength(2);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
    async structured(server) {
      const { scope, headers } = scoped(server, model, script.structured);
      const result = await generateObject({ model: make(server, headers), schema: triage, prompt: PROMPT });
      expect(result.object).toEqual(expected.structured);
      await server.verify(scope);
    },
    async retry(server) {
      const { scope, headers } = scoped(server, model, script.retry);
      expect((await generateText({ model: make(server, headers), prompt: PROMPT })).text).toBe(expected.retry);
      expectRetried(server, scope);
      await server.verify(scope);
    },
    async scopes(server) {
      await twoScopes(
        server,
        model,
        async (headers) => (await generateText({ model: make(server, headers), prompt: PROMPT })).text,
      );
    },
    async 'Output.object'(server) {
      const { scope, headers } = scoped(server, model, script.structured);
      const result = await generateText({
        model: make(server, headers),
        output: Output.object({ schema: triage }),
        prompt: PROMPT,
      });
      expect(result.output).toEqual(expected.structured);
      await server.verify(scope);
    },
  };
}
