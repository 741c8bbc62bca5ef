import { StandinError } from '../../errors/StandinError.js';
import type { ClassifierOptions, ClassifyCallOptions } from '../../services/spec/Classifier.js';
import { show } from '../../services/classification/shapeError.js';
import { closest } from '../../validation/formatPath.js';
import { ScriptCursor } from '../script/ScriptCursor.js';

const topKeys = ['requestId', 'signal', 'adapterOpts', 'context'];
const ownKeys = ['classificationScript', 'scriptCursor', 'cursorKey', 'capture', 'scope'];
const ownShape = 'an object { classificationScript?, scriptCursor?, cursorKey?, capture?, scope? }';

/**
 * Checks the options the scripted classifier reads (`K0004`), and answers its adapter options.
 *
 * @example
 * ```ts
 * readOptions({ adapterOpts: { classificationScript: [] } }); // { classificationScript: [] }
 * readOptions({ adapterOpts: { cursrKey: 'a' } }); // throws K0004: Did you mean 'cursorKey'?
 * ```
 */
export function readOptions(opts: ClassifyCallOptions | undefined): ClassifierOptions | undefined {
  if (opts === undefined) return undefined;
  if (typeof opts !== 'object' || opts === null) {
    throw badOption('opts', `an object { requestId?, signal?, adapterOpts? }, got ${show(opts)}`);
  }
  typos(opts, topKeys, 'opts');
  if (opts.requestId !== undefined && typeof opts.requestId !== 'string') {
    throw badOption('opts.requestId', `a string, got ${show(opts.requestId)}`);
  }
  const adapterOpts = opts.adapterOpts;
  if (adapterOpts === undefined) return undefined;
  if (typeof adapterOpts !== 'object' || adapterOpts === null) {
    throw badOption('opts.adapterOpts', `${ownShape}, got ${show(adapterOpts)}`);
  }
  typos(adapterOpts, ownKeys, 'opts.adapterOpts');
  const { scriptCursor, cursorKey, capture, scope } = adapterOpts;
  if (scriptCursor !== undefined && !(scriptCursor instanceof ScriptCursor)) {
    const handle = 'a cursor handle from fake.startScriptCursor() or startScriptCursor(container)';
    throw badOption('opts.adapterOpts.scriptCursor', `${handle}, got ${show(scriptCursor)}`);
  }
  if (cursorKey !== undefined && typeof cursorKey !== 'string' && typeof cursorKey !== 'number') {
    throw badOption('opts.adapterOpts.cursorKey', `a string or a number, got ${show(cursorKey)}`);
  }
  if (capture !== undefined && typeof capture !== 'function') {
    throw badOption('opts.adapterOpts.capture', `a function ({ request, opts }) => void, got ${show(capture)}`);
  }
  if (scope !== undefined && typeof scope !== 'string') {
    throw badOption('opts.adapterOpts.scope', `a scope name (a string), got ${show(scope)}`);
  }
  return adapterOpts;
}

/**
 * Other classifiers read keys of their own, so unknown keys pass; a key one letter or two away
 * from one the fake reads is a typo that would silently change the answers, so it throws.
 */
function typos(options: object, known: readonly string[], where: string): void {
  for (const key in options) {
    if (known.includes(key)) continue;
    const guess = closest(key, known);
    if (guess === undefined) continue;
    throw badOption(`${where}.${key}`, `nothing: it is not an option. Did you mean '${guess}'?`);
  }
}

function badOption(path: string, expected: string): StandinError {
  return new StandinError('K0004', `FakeClassifier.classify: ${path}: expected ${expected}.`);
}
