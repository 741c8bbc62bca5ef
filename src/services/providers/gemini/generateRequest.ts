import { StandinError } from '../../../errors/StandinError.js';
import { wireJson } from '../http/wireJson.js';
import type { JsonSchema, ReplyRequest } from '../../spec/Provider.js';
import { geminiParts } from './geminiContent.js';
import { geminiSettings } from './geminiSettings.js';
import type { GeminiProviderSettings } from './GeminiProviderSettings.js';

type Part = Record<string, unknown>;

/** Schema keywords whose values are data, not schemas: left as they are. */
const literal = new Set(['enum', 'default', 'examples', 'required']);

/**
 * The signature Google documents for a function call replayed without the one the model gave: a
 * call from another model, a cassette or a test. Gemini 3 refuses a replayed call that has none.
 */
export const SKIP_SIGNATURE = 'skip_thought_signature_validator';

/**
 * The Gemini `generateContent` body of a reply request: `instructions` become
 * `systemInstruction`; an assistant message becomes a `model` turn of a text part and a
 * `functionCall` part per call, with its id (the first signed with {@link SKIP_SIGNATURE}); tool results
 * become `functionResponse` parts with their call's id (`response: { output }`, or `{ error }`) in a `user` turn;
 * turns of the same role next to each other are joined; tools become
 * `functionDeclarations` with `parametersJsonSchema`; a typed value asks for
 * `responseMimeType: application/json` with `responseJsonSchema`. A user message's images and
 * files become parts ({@link geminiParts}); the call's settings their wire fields
 * ({@link geminiSettings}); `settings.providerOptions[providerName]` is added to the body as it
 * is, over the adapter's `body` (a `generationConfig` there is merged under the adapter's).
 *
 * @example
 * ```ts
 * generateRequest({ model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'Hi' }] }, {});
 * // { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }
 * ```
 */
export function generateRequest(
  request: ReplyRequest,
  settings: GeminiProviderSettings,
  providerName = 'gemini',
): Record<string, unknown> {
  const contents: { role: 'user' | 'model'; parts: Part[] }[] = [];
  const add = (role: 'user' | 'model', parts: Part[]): void => {
    if (parts.length === 0) return;
    const last = contents.at(-1);
    if (last?.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  };
  request.messages.forEach((message, i) => {
    switch (message.role) {
      case 'user':
        add('user', geminiParts(message.content));
        break;
      case 'assistant': {
        const parts: Part[] = [];
        if (message.content !== undefined && message.content !== '') parts.push({ text: message.content });
        message.calls?.forEach((call, j) => {
          const args = callArgs(call.with, `request.messages[${i}].calls[${j}].with`);
          parts.push({
            // The call's id goes back as it came, and with its result: Gemini may match a result to its call by id.
            functionCall: { id: call.id, name: call.tool, args },
            ...(j === 0 ? { thoughtSignature: SKIP_SIGNATURE } : {}),
          });
        });
        add('model', parts);
        break;
      }
      case 'tool':
        add(
          'user',
          message.results.map((result, j) => ({
            functionResponse: {
              id: result.id,
              name: result.tool,
              response:
                result.error !== undefined
                  ? { error: result.error }
                  : {
                      output: JSON.parse(
                        wireJson(result.output ?? null, `request.messages[${i}].results[${j}].output`),
                      ),
                    },
            },
          })),
        );
        break;
    }
  });
  const extra = { ...settings.body, ...request.settings?.providerOptions?.[providerName] };
  const config: Record<string, unknown> = isRecord(extra.generationConfig) ? { ...extra.generationConfig } : {};
  const body: Record<string, unknown> = { ...extra, contents };
  if (request.instructions !== undefined) body.systemInstruction = { parts: [{ text: request.instructions }] };
  if (request.tools !== undefined && request.tools.length > 0) {
    body.tools = [
      {
        functionDeclarations: request.tools.map((tool) => ({
          name: tool.name,
          ...(tool.description !== undefined ? { description: tool.description } : {}),
          parametersJsonSchema: tool.input,
        })),
      },
    ];
  }
  if (settings.maxTokens !== undefined) config.maxOutputTokens = settings.maxTokens;
  if (request.output !== undefined) {
    config.responseMimeType = 'application/json';
    config.responseJsonSchema = responseSchema(request.output.schema);
  }
  if (request.settings !== undefined) geminiSettings(body, config, request.settings);
  if (Object.keys(config).length > 0) body.generationConfig = config;
  return body;
}

/** A call's arguments as a `functionCall` holds them: a JSON object. */
function callArgs(value: unknown, where: string): Record<string, unknown> {
  if (value === undefined) return {};
  const parsed: unknown = JSON.parse(wireJson(value, where));
  if (!isRecord(parsed)) {
    throw new StandinError(
      'P0005',
      `${where} must be a JSON object: Gemini's functionCall parts carry their args as an object. Give the call an ` +
        `object input.`,
    );
  }
  return parsed;
}

/**
 * A typed value's schema as `responseJsonSchema` takes it: `const` (which Gemini does not read)
 * as a one-value `enum`, and no `$schema`, throughout. The input is not changed.
 */
function responseSchema(schema: JsonSchema): unknown {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isRecord(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$schema') continue;
      if (key === 'const') out.enum = [value];
      else if (literal.has(key)) out[key] = value;
      else out[key] = key === 'properties' || key === '$defs' ? mapValues(value, walk) : walk(value);
    }
    return out;
  };
  return walk(schema);
}

function mapValues(value: unknown, fn: (node: unknown) => unknown): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([name, node]) => [name, fn(node)]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
