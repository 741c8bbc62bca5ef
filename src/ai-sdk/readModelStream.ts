import type { LanguageModelV4FinishReason, LanguageModelV4StreamPart, LanguageModelV4Usage } from '@ai-sdk/provider';
import { ProviderFailure } from '../errors/ProviderFailure.js';
import { StandinError } from '../errors/StandinError.js';
import type { ReplyPart } from '../services/spec/Provider.js';
import { neverAborted, untilAborted } from '../services/dispatch/untilAborted.js';
import { fromFinishReason, fromUsage } from './usage.js';

/** Finishes that mean the model did not answer, and the failure kind each is. */
const failedFinishes = { 'content-filter': 'content_filter', error: 'server', interrupted: 'network' } as const;

/**
 * Reads an AI SDK stream as reply parts. A `content-filter`, `error` or `interrupted` finish, or none, is a
 * `ProviderFailure`; a call input that is not JSON is `A0004`. Each read races `signal`, which cancels the stream.
 */
export async function* readModelStream(
  stream: ReadableStream<LanguageModelV4StreamPart>,
  typed: boolean,
  provider: string,
  fail: (error: unknown) => unknown,
  signal: AbortSignal = neverAborted(),
): AsyncGenerator<ReplyPart, void, undefined> {
  const reader = stream.getReader();
  const blocks = new Map<string, number>();
  let calls = false;
  let finish: { usage: LanguageModelV4Usage; finishReason: LanguageModelV4FinishReason } | undefined;
  let done = false;
  try {
    for (;;) {
      // Raced against the signal: a model that ignores its abort signal must not hold the call.
      const read = await untilAborted(reader.read(), signal);
      if (read.done) break;
      const part = read.value;
      switch (part.type) {
        case 'text-delta':
          if (part.delta !== '') yield typed ? { type: 'value', json: part.delta } : { type: 'text', text: part.delta };
          break;
        case 'reasoning-delta': {
          let block = blocks.get(part.id);
          if (block === undefined) blocks.set(part.id, (block = blocks.size));
          if (part.delta !== '') yield { type: 'reasoning', text: part.delta, block };
          break;
        }
        case 'tool-call':
          if (part.providerExecuted === true) break;
          calls = true;
          yield {
            type: 'call',
            call: { id: part.toolCallId, tool: part.toolName, with: toolInput(part.input, part.toolName, provider) },
          };
          break;
        case 'finish':
          finish = part;
          break;
        case 'error':
          throw fail(part.error);
      }
    }
    done = true;
  } finally {
    if (!done) void reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  if (finish === undefined)
    throw new ProviderFailure(
      'network',
      `${provider}: the model's stream ended without a finish, so the answer may be cut short.`,
      { provider },
    );
  const failed = failedFinishes[finish.finishReason?.unified as keyof typeof failedFinishes];
  if (failed !== undefined) {
    throw new ProviderFailure(
      failed,
      `${provider}: the model stopped with finish reason '${finish.finishReason.unified}' ` +
        `(${finish.finishReason.raw ?? 'no raw reason'}).`,
      { provider },
    );
  }
  yield { type: 'units', ...fromUsage(finish.usage) };
  yield { type: 'finish', reason: fromFinishReason(finish.finishReason, calls) };
}

function toolInput(input: string, tool: string, provider: string): unknown {
  if (input === '') return {};
  try {
    return JSON.parse(input);
  } catch {
    throw new StandinError(
      'A0004',
      `${provider}: the model called tool '${tool}' with an input that is not JSON: ` +
        `${JSON.stringify(input.slice(0, 80))}. The AI SDK's specification wants the input as JSON text.`,
    );
  }
}
