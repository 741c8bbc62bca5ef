import { describe, expectTypeOf, it } from 'vitest';
import type { Reply, ReplyRequest, RunResult, Step, ToolResult } from 'standin';

describe('Step', () => {
  it('is the type of each of run.steps', () => {
    expectTypeOf<RunResult['steps'][number]>().toEqualTypeOf<Step>();
  });

  it('holds the index, the key, what the model was asked, what it answered and what the tools gave', () => {
    expectTypeOf<Step['index']>().toEqualTypeOf<number>();
    expectTypeOf<Step['key']>().toEqualTypeOf<string>();
    expectTypeOf<Step['request']>().toEqualTypeOf<Omit<ReplyRequest, 'model'>>();
    expectTypeOf<Step['reply']>().toEqualTypeOf<Reply>();
    expectTypeOf<Step['results']>().toEqualTypeOf<readonly ToolResult[]>();
  });
});
