import { StandinError } from '../errors/StandinError.js';
import type { FakeClassifier } from '../fakes/classification/FakeClassifier.js';
import type { Answers } from '../fakes/model/Answer.js';
import type { ClassificationScriptEntry } from '../fakes/script/scriptEntry.js';
import { describeIssues } from '../validation/describeIssues.js';
import { classifierScript } from './classifierScript.js';
import { answersOf, modelRecordSchema, scriptsExpected, scriptsSchema, type Scripts } from './scriptsSchema.js';
import { inScripts } from './scriptPaths.js';
import { WireError } from './WireError.js';
import { ownValue } from './ownRecord.js';
import type { Pace } from '../fakes/model/pace.js';
import { mcpKeys, mcpPattern, protoName } from './mcp/mcpScriptSchema.js';
import type { McpWire } from './mcp/McpWire.js';
import { fitting, type Fitting } from '../fakes/fitting/fitting.js';

/** Where a document's MCP servers land: a server's MCP wire, and whether they replace every server there. */
export interface McpLanding {
  readonly mcp: McpWire;
  readonly replace?: boolean | undefined;
}

/** What scripts are loaded into: a wire server's `fake` and `fakeClassifier`. */
export interface ScriptTarget {
  fake(model: string, answers: Answers, scope?: string): { pace(pace: Pace): unknown };
  fakeClassifier(script?: readonly ClassificationScriptEntry[] | Fitting, scope?: string): FakeClassifier;
}

/**
 * Loads a scripts document (the scripts file's shape) into `target`, for every scope or one
 * `scope`: each model's answers, then the classifier script (its `fail` entries made errors), then
 * its MCP servers into `landing` when one is given (else they are only checked).
 * Every problem is a `WireError` (400 on the control API) naming the path and the fix.
 *
 * @throws {WireError} `W0008` for a malformed document or answers; `W0016` for a malformed classifier `fail` entry;
 * `W0013` for a scope the target cannot script alone; `W0050` for a malformed `mcp` part.
 */
export function loadScripts(target: ScriptTarget, scripts: Scripts, scope?: string, landing?: McpLanding): void {
  const models = (scripts as { models?: unknown } | null | undefined)?.models;
  const proto = protoName((scripts as { mcp?: unknown } | null | undefined)?.mcp);
  if (proto !== undefined) {
    throw new WireError(
      'W0050',
      400,
      `The scripts are malformed:\n${proto}: '__proto__' cannot be a name. Rename it.`,
      {
        type: 'invalid_request_error',
        retry: false,
      },
    );
  }
  // A JSON body can hold the key, and a parsed record would drop it without a word.
  if (typeof models === 'object' && models !== null && Object.hasOwn(models, '__proto__')) {
    throw new WireError(
      'W0008',
      400,
      "The scripts are malformed:\nscripts.models.__proto__: '__proto__' cannot be a model name. Script a model the " +
        'app configures.',
      { type: 'invalid_request_error', retry: false },
    );
  }
  const parsed = scriptsSchema.safeParse(scripts);
  if (!parsed.success) {
    const lines = describeIssues('scripts', scripts, parsed.error.issues, {
      expected: scriptsExpected,
      pattern: scriptsPattern,
      keys: {
        '': ['models', 'classifier', 'pace', 'mcp'],
        'models.*': Object.keys(modelRecordSchema.shape),
        'pace.*': ['firstMs', 'perSecond', 'real'],
        ...mcpKeys,
      },
    });
    const mcp = parsed.error.issues.every((issue) => issue.path[0] === 'mcp');
    throw new WireError(mcp ? 'W0050' : 'W0008', 400, `The scripts are malformed:\n${lines.join('\n')}`, {
      type: 'invalid_request_error',
      retry: false,
    });
  }
  const pace = parsed.data.pace ?? {};
  const unpaced = Object.keys(pace).find((model) => !Object.hasOwn(parsed.data.models, model));
  if (unpaced !== undefined) {
    throw new WireError(
      'W0008',
      400,
      `The scripts are malformed:\nscripts.pace['${unpaced}']: pace is for the models the document scripts, and ` +
        `models has no '${unpaced}'. Script it under models, or remove its pace.`,
      { type: 'invalid_request_error', retry: false },
    );
  }
  for (const [model, script] of Object.entries(parsed.data.models)) {
    wrap(`scripts.models['${model}']`, () => {
      const fake = target.fake(model, answersOf(script), scope);
      const own = ownValue(pace, model);
      if (own !== undefined) fake.pace(own as Pace);
    });
  }
  const classifier = parsed.data.classifier;
  if (classifier !== undefined) {
    const entries = classifier === 'fitting' ? fitting() : classifierScript(classifier);
    wrap('scripts.classifier', () => target.fakeClassifier(entries, scope));
  }
  landing?.mcp.load(parsed.data.mcp ?? {}, scope, landing.replace === true);
}

function wrap(where: string, load: () => unknown): void {
  try {
    load();
  } catch (error) {
    if (!(error instanceof StandinError) || error instanceof WireError) throw error;
    // The fake's message names app.fake(...) and answers[i]; the author wrote a document, so it names the document's
    // paths.
    const message = inScripts(error.message);
    throw new WireError(
      error.code === 'W0013' ? 'W0013' : 'W0008',
      400,
      message.includes('scripts.') ? message : `${where}: ${message}`,
      { type: 'invalid_request_error', retry: false },
    );
  }
}

function scriptsPattern(path: readonly PropertyKey[]): string {
  if (path[0] === 'mcp') return mcpPattern(path);
  return path
    .map((key, i) =>
      typeof key === 'number' || (i === 1 && (path[0] === 'models' || path[0] === 'pace')) ? '*' : String(key),
    )
    .join('.');
}
