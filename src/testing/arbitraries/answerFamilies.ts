import type { Arbitrary } from 'fast-check';
import type { ZodType } from 'zod';
import type { Answer, AnswerCall } from '../../fakes/model/Answer.js';
import type { FailureKind } from '../../services/spec/failures.js';
import { misbehaviourKinds } from '../../fakes/misbehave/misbehaviourKinds.js';
import type { FastCheck } from './loadFastCheck.js';
import { bend, bends, brokenJson, truncatedJson } from './nearMisses.js';
import type { Shapes } from './arbitraryShapes.js';
import { valuesOf, type ValueBounds } from './zodValues.js';

/** A family of answers: what fits, what nearly fits, a misbehaviour the fake makes up, a provider failure. */
export type AnswerFamily = 'valid' | 'near_miss' | 'misbehave' | 'fail';

/** What the families are made with: fast-check, the shapes, the bounds. */
export interface FamilyMaker extends ValueBounds {
  readonly fc: FastCheck;
  readonly shapes: Shapes;
  /** The most tool calls in one answer. */
  readonly maxCalls: number;
  readonly failures: readonly FailureKind[];
}

/**
 * The arbitraries of each family that the shapes allow, valid first (fast-check shrinks toward the first). A family
 * the shapes do not allow (near misses with no shape to miss) is left out.
 */
export function families(maker: FamilyMaker): Partial<Record<AnswerFamily, Arbitrary<Answer>>> {
  const near = nearMisses(maker);
  return {
    valid: valid(maker),
    ...(near === undefined ? {} : { near_miss: near }),
    misbehave: misbehaviours(maker),
    ...(maker.failures.length === 0
      ? {}
      : { fail: maker.fc.constantFrom(...maker.failures).map((fail) => ({ fail })) }),
  };
}

function valid(maker: FamilyMaker): Arbitrary<Answer> {
  const { fc, shapes } = maker;
  const said =
    shapes.output === undefined
      ? fc.string({ minLength: 1, maxLength: Math.max(1, maker.maxLength) }).map((text): Answer => ({ text }))
      : valuesOf(fc, shapes.output, maker, 'output').map((value): Answer => ({ value }));
  const calls = callsOf(maker);
  if (calls === undefined) return said;
  const note = fc.option(fc.string({ minLength: 1, maxLength: Math.max(1, maker.maxLength) }), { nil: undefined });
  return fc.oneof(
    { withCrossShrink: true },
    said,
    fc.tuple(calls, note).map(([made, text]): Answer => (text === undefined ? { calls: made } : { text, calls: made })),
  );
}

/** One to `maxCalls` calls to the tools, each with an input that fits its tool. */
function callsOf(maker: FamilyMaker): Arbitrary<AnswerCall[]> | undefined {
  const { fc } = maker;
  const tools = [...maker.shapes.tools].map(([tool, input]) =>
    (input === undefined ? fc.constant({}) : valuesOf(fc, input, maker, `tools.${tool}`)).map((made): AnswerCall => ({
      tool,
      with: made,
    })),
  );
  if (tools.length === 0 || maker.maxCalls < 1) return undefined;
  return fc.array(fc.oneof(...tools), { minLength: 1, maxLength: maker.maxCalls });
}

function nearMisses(maker: FamilyMaker): Arbitrary<Answer> | undefined {
  const { fc, shapes } = maker;
  const made: Arbitrary<Answer>[] = [];
  const how = fc.tuple(fc.nat(), fc.constantFrom(...bends));
  const output = shapes.output;
  if (output !== undefined && bend(output, undefined, 0, 'wrong_type') !== undefined) {
    const fits = valuesOf(fc, output, maker, 'output');
    made.push(
      fc.tuple(fits, how).map(([value, [pick, first]]): Answer => missed('wrong_shape', output, value, pick, first)),
      fits.map((value): Answer => ({ misbehave: 'truncated', text: truncatedJson(value) })),
      fits.map((value): Answer => ({ misbehave: 'invalid_json', text: brokenJson(value) })),
    );
  }
  const bendable = [...shapes.tools].filter(
    (entry): entry is [string, ZodType] =>
      entry[1] !== undefined && bend(entry[1], undefined, 0, 'wrong_type') !== undefined,
  );
  for (const [tool, input] of bendable) {
    made.push(
      fc.tuple(valuesOf(fc, input, maker, `tools.${tool}`), how).map(([value, [pick, first]]): Answer => {
        return { misbehave: 'bad_tool_input', calls: [{ tool, with: bend(input, value, pick, first) }] };
      }),
    );
  }
  for (const [tool] of shapes.tools) {
    // A tool's name as a model misspells it: no tool the call offers.
    let name = `${tool}s`;
    while (shapes.tools.has(name)) name = `${name}s`;
    made.push(fc.constant({ misbehave: 'unknown_tool', calls: [{ tool: name, with: {} }] }));
  }
  return made.length === 0 ? undefined : fc.oneof(...made);
}

function missed(
  kind: 'wrong_shape',
  shape: ZodType,
  value: unknown,
  pick: number,
  first: (typeof bends)[number],
): Answer {
  return { misbehave: kind, value: bend(shape, value, pick, first) };
}

/** Every kind of misbehaviour the call can have, its content left for the fake to make up. */
function misbehaviours(maker: FamilyMaker): Arbitrary<Answer> {
  const { output, tools } = maker.shapes;
  const canMiss = output !== undefined && bend(output, undefined, 0, 'wrong_type') !== undefined;
  const badInput = [...tools.values()].some(
    (input) => input !== undefined && bend(input, undefined, 0, 'wrong_type') !== undefined,
  );
  const kinds = misbehaviourKinds.filter((kind) => {
    if (kind === 'invalid_json') return output !== undefined;
    if (kind === 'wrong_shape') return canMiss;
    if (kind === 'bad_tool_input') return badInput;
    return true;
  });
  return maker.fc.constantFrom(...kinds).map((misbehave): Answer => ({ misbehave }));
}
