import { StandinError } from '../../errors/StandinError.js';
import type { Classifier } from '../spec/Classifier.js';
import type { Provider } from '../spec/Provider.js';
import type { CallGuard } from './CallGuard.js';

/**
 * On globalThis under a registered symbol, so every copy of standin in the process (ESM, a runner's own) sees one
 * switch.
 */
const SWITCH = Symbol.for('standin/refuseRealCalls');

/** The environment variable that turns the process-wide guard on: `STANDIN_REAL_CALLS=refuse`. */
export const REAL_CALLS_VARIABLE = 'STANDIN_REAL_CALLS';

/** What turns the process-wide guard on, for its messages. */
export const REFUSED_BY = 'guardRealCalls() was called, or STANDIN_REAL_CALLS=refuse is set';

const holder = globalThis as { [SWITCH]?: boolean };

/** Sets the process-wide switch: `guardRealCalls(on)` calls it. */
export function setRealCallsRefused(on: boolean): void {
  holder[SWITCH] = on;
}

/**
 * The guard of an app that binds none. `STANDIN_REAL_CALLS` is read once, when the container is made, so a call reads
 * no environment.
 */
export class ProcessGuard implements CallGuard {
  /** `'refuse'`, `'allow'` (unset), or the error a misspelled value fails every call with. */
  readonly #variable: 'refuse' | 'allow' | StandinError;

  constructor(env: Readonly<Record<string, string | undefined>> = process.env) {
    this.#variable = readVariable(env[REAL_CALLS_VARIABLE]);
  }

  /** Whether real calls are refused now. */
  refused(): boolean {
    if (this.#variable instanceof StandinError) throw this.#variable;
    return this.#variable === 'refuse' || holder[SWITCH] === true;
  }

  check(provider: Provider, providerName: string, modelName: string): void {
    if (provider.real !== true || !this.refused()) return;
    throw new StandinError(
      'E0008',
      `Model '${modelName}' would call the real '${providerName}' provider, and real calls are refused in this ` +
        `process (${REFUSED_BY}). This app is not a test app: in a Nest test, hand the module one with ` +
        `useStandin(builder, createTestApp(config)) and fake the model with app.fake('${modelName}', answers).`,
    );
  }

  checkClassifier(classifier: Classifier): void {
    if (classifier.real !== true || !this.refused()) return;
    const name = classifier.provider ?? 'classifier';
    throw new StandinError(
      'K0006',
      `classify would call the real '${name}' classifier, and real calls are refused in this process ` +
        `(${REFUSED_BY}). This app is not a test app: in a Nest test, hand the module one with useStandin(builder, ` +
        `createTestApp(config)) and fake the classifier with app.fakeClassifier(script).`,
    );
  }
}

function readVariable(variable: string | undefined): 'refuse' | 'allow' | StandinError {
  if (variable === undefined || variable === '' || variable === 'allow') return 'allow';
  if (variable === 'refuse') return 'refuse';
  // A misspelled value must not leave the guard silently off.
  return new StandinError(
    'E0052',
    `${REAL_CALLS_VARIABLE} is '${variable.slice(0, 40)}', which standin does not know. Set it to 'refuse' to refuse ` +
      `real calls in this process, or unset it.`,
  );
}
