import type { ZodType } from 'zod';
import type { App } from '../../services/app/App.js';
import { StandinError } from '../../errors/StandinError.js';
import { Tokens } from '../../tokens/Tokens.js';
import { closest } from '../../validation/formatPath.js';
import { FakeModel } from '../../fakes/model/FakeModel.js';
import { shapeOf } from '../../fakes/misbehave/misfit.js';
import { slotsOf } from '../../fakes/slot/Slots.js';

/** A request whose shapes the arbitraries read: a `ReplyRequest`, or one a fake's `sent` holds. */
export interface ShapedRequest {
  readonly output?: { readonly schema: unknown } | undefined;
  readonly tools?: readonly { readonly name: string; readonly input?: unknown }[] | undefined;
}

/** Where the arbitraries read the shapes the application hands the model. */
export interface ShapeSources {
  /** An agent: its `output` and the `input` of each of its `tools`. */
  readonly agent?: {
    readonly output?: ZodType | undefined;
    readonly tools?: Readonly<Record<string, unknown>> | undefined;
  };
  /** The typed value's shape. */
  readonly output?: ZodType | undefined;
  /** The tools by name: each a tool (`tool({ input, run })`) or its input's zod shape. */
  readonly tools?: Readonly<Record<string, unknown>> | undefined;
  /** A request the model was sent: its output's and its tools' JSON Schemas. */
  readonly request?: ShapedRequest | undefined;
}

/** The shapes answers are made for: the typed value's (if any) and each tool's input (undefined: any JSON). */
export interface Shapes {
  readonly output: ZodType | undefined;
  readonly tools: ReadonlyMap<string, ZodType | undefined>;
}

/**
 * The shapes the application hands `model`: from the options (`agent`, else `output` and `tools`, else `request`),
 * else from the last reply request the model's fake in `app` was sent.
 *
 * @throws {StandinError} `T0114` when the app has no model of that name; `T0111` when no shape can be found.
 */
export function shapesFor(app: App, model: string, sources: ShapeSources, where: string): Shapes {
  const models = Object.keys(app.container.get(Tokens.Config).models);
  if (typeof model !== 'string' || !models.includes(model)) {
    const guess = typeof model === 'string' ? closest(model, models) : undefined;
    throw new StandinError(
      'T0114',
      `${where}: the app has no model named ${JSON.stringify(model)}.${guess ? ` Did you mean '${guess}'?` : ''} ` +
        `Configured models: ${models.join(', ') || 'none'}. Name one of them.`,
    );
  }
  if (sources.agent !== undefined) return fromZod(sources.agent.output, sources.agent.tools);
  if (sources.output !== undefined || sources.tools !== undefined) return fromZod(sources.output, sources.tools);
  const request = sources.request ?? lastRequest(app, model);
  if (request === undefined) {
    throw new StandinError(
      'T0111',
      `${where}: there is nothing to read the shapes of '${model}' from: no agent, output, tools or request was ` +
        `given, and no fake of '${model}' in this app has been sent a reply yet. Pass { agent } or { output, tools }, ` +
        `or make one call to the model with a fake in place first.`,
    );
  }
  const tools = new Map((request.tools ?? []).map((tool) => [tool.name, shapeOf(tool.input)] as const));
  return { output: request.output === undefined ? undefined : shapeOf(request.output.schema), tools };
}

function fromZod(output: ZodType | undefined, tools: Readonly<Record<string, unknown>> | undefined): Shapes {
  const inputs = new Map<string, ZodType | undefined>();
  for (const [name, tool] of Object.entries(tools ?? {})) {
    const input = isZod(tool) ? tool : (tool as { input?: unknown } | undefined)?.input;
    inputs.set(name, isZod(input) ? input : undefined);
  }
  return { output, tools: inputs };
}

function isZod(value: unknown): value is ZodType {
  return typeof (value as { safeParse?: unknown } | undefined)?.safeParse === 'function';
}

/** The last reply request a fake of `model` in `app` was sent, newest fake first. */
function lastRequest(app: App, model: string): ShapedRequest | undefined {
  const layers = slotsOf(app.container).model(model).layers;
  for (const layer of [...layers].reverse()) {
    if (!(layer.service instanceof FakeModel)) continue;
    const sent = layer.service.sent;
    for (let i = sent.length - 1; i >= 0; i--) {
      const call = sent[i]!;
      if (call.call === 'reply') return call.input;
    }
  }
  return undefined;
}
