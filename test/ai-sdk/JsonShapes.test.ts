import { generateText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { languageModel } from '../../src/ai-sdk.js';
import { JsonShapes } from '../../src/ai-sdk/JsonShapes.js';
import { createTestApp } from '../../src/testing.js';

const city = () => ({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] });

describe(JsonShapes, () => {
  describe('.of', () => {
    it('reads a schema object once, and a new object equal to one it read as the same shape', () => {
      const shapes = new JsonShapes();
      const schema = city();
      const shape = shapes.of(schema, "tool 'weather'");
      expect(shapes.of(schema, "tool 'weather'")).toBe(shape);
      expect(shapes.of(city(), "tool 'weather'")).toBe(shape);
      expect(shape.safeParse({ city: 'Oslo' }).success).toBe(true);
      expect(shape.safeParse({ town: 'Oslo' }).success).toBe(false);
    });

    it('keeps at most 256 schemas by their text, forgetting the oldest first', () => {
      const shapes = new JsonShapes();
      const first = shapes.of(city(), 'the first');
      for (let i = 0; i < 256; i++)
        shapes.of({ type: 'object', properties: { [`f${i}`]: { type: 'number' } } }, `schema ${i}`);
      const again = shapes.of(city(), 'the first');
      expect(again).not.toBe(first);
      expect(again.safeParse({ city: 'Oslo' }).success).toBe(true);
    });

    it('throws A0002 for what is no JSON Schema object', () => {
      expect(() => new JsonShapes().of('nope', "tool 'x'")).toThrow(
        expect.objectContaining({ code: 'A0002', message: expect.stringContaining("tool 'x'") }),
      );
    });
  });

  describe('through languageModel', () => {
    it("reads a zod tool's schema once though the AI SDK writes it anew for every call", async () => {
      const app = createTestApp({ models: { writer: { provider: 'openai', model: 'gpt-test' } } });
      const writer = app.fake('writer', [{ text: 'One.' }, { text: 'Two.' }]);
      const weather = tool({ inputSchema: z.object({ city: z.string() }), execute: async () => 'sunny' });
      const model = languageModel(app, 'writer');
      await generateText({ model, tools: { weather }, prompt: 'Weather?' });
      await generateText({ model, tools: { weather }, prompt: 'Weather?' });
      const tools = writer.sent.map((call) => (call.call === 'reply' ? call.input.tools?.[0]?.input : undefined));
      expect(tools[0]).toMatchObject({ type: 'object', properties: { city: { type: 'string' } } });
      expect(tools[1]).toBe(tools[0]);
    });
  });
});
