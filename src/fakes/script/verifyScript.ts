import type { Code } from '../../errors/catalog.js';
import type { StandinError } from '../../errors/StandinError.js';
import type { Finding } from './Finding.js';
import { checkRaised, raisedFindings, type RaisedView } from './RaisedErrors.js';

/** What a scripted fake found unused in its script: one finding per entry, and the error `verify()` throws for them. */
export interface UnusedReport {
  readonly findings: readonly Finding[];
  /** The error `verify()` throws for the entries never used; undefined when there are none. */
  error(): StandinError | undefined;
}

/** How one scripted fake reports: its kept errors' code, its name in messages, how it finds its unused entries. */
export interface ScriptVerdict {
  /**
   * The kept test author's errors of its calls: this process's, and in a namespace those every process of it recorded.
   */
  raised(): RaisedView | Promise<RaisedView>;
  /** The code `verify()` throws for them: `T0046` for a faked model, `K0014` for a faked classifier. */
  readonly raisedCode: Code;
  /** The fake as messages name it. */
  readonly owner: string;
  /** Its unused entries, in `scope` when one is named. */
  unused(scope: string | undefined): Promise<UnusedReport>;
}

/** What `verify(scope)` would report, a finding a line: kept errors first, then unused entries. */
export async function scriptFindings(verdict: ScriptVerdict, scope: string | undefined): Promise<Finding[]> {
  const raised = raisedFindings(await verdict.raised(), verdict.raisedCode, scope);
  return [...raised, ...(await verdict.unused(scope)).findings];
}

/** Throws for the kept errors before the cursors are read, then for the unused entries. */
export async function verifyScript(verdict: ScriptVerdict, scope: string | undefined): Promise<void> {
  checkRaised(await verdict.raised(), verdict.raisedCode, verdict.owner, scope);
  const error = (await verdict.unused(scope)).error();
  if (error !== undefined) throw error;
}
