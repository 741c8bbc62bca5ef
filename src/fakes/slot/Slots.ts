import type { Container } from 'inversify';
import { StandinError } from '../../errors/StandinError.js';
import type { Classifier } from '../../services/spec/Classifier.js';
import type { StandIns } from '../../services/dispatch/StandIns.js';
import type { Capability, Provider } from '../../services/spec/Provider.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import { Tokens } from '../../tokens/Tokens.js';
import type { Layer } from './Layer.js';
import { Slot, type SlotKind } from './Slot.js';
import { Gates } from '../gates/Gates.js';
import { JudgeLog } from '../transcript/JudgeLog.js';
import type { ToolRun } from '../../services/runs/ToolRun.js';
import type { McpConnection } from '../../services/mcp/McpConnection.js';
import type { ToolStandIn } from './ToolStandIn.js';

function where(scope: string): string {
  return scope === DEFAULT_SCOPE ? 'outside any scope' : `in scope '${scope}'`;
}

/**
 * What to do about an uncovered call. A `request:<id>` scope means the request named none: the fix is the scope header,
 * never that id.
 */
function advice(scope: string, scopes: readonly string[], fakeFor: (scope: string) => string, fakeAll: string): string {
  if (scope.startsWith('request:')) {
    return (
      `The request sent no x-standin-scope header (or the header your StandinModule names in scopeHeader), so ` +
      `it ran in a scope of its own. Send the header naming the scope the test scripted ` +
      `(x-standin-scope: ${scopes[0] ?? 'name'}), or fake for every scope (${fakeAll}).`
    );
  }
  return `Fake it for this scope too (${fakeFor(scope || 'name')}), or for every other scope (${fakeAll}).`;
}

function listed(scopes: readonly string[]): string {
  return `scope${scopes.length === 1 ? '' : 's'} ${scopes.map((scope) => `'${scope}'`).join(', ')}`;
}

function modelKind(model: string): SlotKind<Provider> {
  return {
    subject: `Model '${model}'`,
    offers: (provider, capability) =>
      capability === 'reply' || typeof provider[capability as Capability] === 'function',
    real: (provider) => provider.real === true,
    unfaked: (scope, scopes) =>
      new StandinError(
        'T0041',
        `Model '${model}' is faked for ${listed(scopes)} only, and was called ${where(scope)}. ` +
          advice(
            scope,
            scopes,
            (id) => `app.scope('${id}').fake('${model}', answers)`,
            `app.fake('${model}', answers)`,
          ),
      ),
  };
}

const classifierKind: SlotKind<Classifier> = {
  subject: 'The classifier',
  offers: () => true,
  real: (classifier) => classifier.real === true,
  unfaked: (scope, scopes) =>
    new StandinError(
      'T0042',
      `The classifier is faked for ${listed(scopes)} only, and was called ${where(scope)}. ` +
        advice(scope, scopes, (id) => `app.scope('${id}').fakeClassifier(script)`, 'app.fakeClassifier(script)'),
    ),
};

/** The tools' stand-ins: `name` is a tool's name, or `every tool` for the slot whose layers stand in front of all. */
function toolKind(name: string): SlotKind<ToolStandIn> {
  return {
    subject: name === EVERY_TOOL ? 'Every tool' : `Tool '${name}'`,
    offers: () => true,
    real: (standIn) => standIn === REAL_TOOL,
    unfaked: (scope, scopes) =>
      new StandinError(
        'T0120',
        `Tool '${name}' is faked for ${listed(scopes)} only, and was called ${where(scope)}. ` +
          advice(
            scope,
            scopes,
            (id) => `app.scope('${id}').fakeTool('${name}', answers)`,
            `app.fakeTool('${name}', answers)`,
          ),
      ),
  };
}

function mcpKind(server: string): SlotKind<McpConnection> {
  return {
    subject: `MCP server '${server}'`,
    offers: () => true,
    real: (connection) => connection.real,
    unfaked: (scope, scopes) =>
      new StandinError(
        'T0121',
        `MCP server '${server}' is faked for ${listed(scopes)} only, and was used ${where(scope)}. ` +
          advice(
            scope,
            scopes,
            (id) => `app.scope('${id}').fakeMcp('${server}', { tools })`,
            `app.fakeMcp('${server}', { tools })`,
          ),
      ),
  };
}

/** The name of the slot whose layers stand in front of every tool (a cassette recording tools). */
const EVERY_TOOL = '*';
/** What stands below a tool slot's layers: the tool's own run, which `next` reaches. */
const REAL_TOOL: ToolStandIn = { run: (_input, _call, _context, real) => real() };

/** A container's slots (per model, classifier and fallback link), answering what the core asks on every call. */
export class Slots implements StandIns {
  readonly #models = new Map<string, Slot<Provider>>();
  readonly #classifiers: Slot<Classifier>[] = [];
  readonly #tools = new Map<string, Slot<ToolStandIn>>();
  readonly #servers = new Map<string, Slot<McpConnection>>();
  /** The gates the streams of every fake of the container hold at: `app.release` opens them. */
  readonly gates = new Gates();
  /** The judges asked of the container's classifier, for its transcript. */
  readonly judges = new JudgeLog();

  /** The slot of model `name`. */
  model(name: string): Slot<Provider> {
    let slot = this.#models.get(name);
    if (slot === undefined) {
      slot = new Slot(name, modelKind(name));
      this.#models.set(name, slot);
    }
    return slot;
  }

  /** The slot of the classifier (`link` 0) or of `classifier.fallback[link - 1]`. */
  classifierSlot(link = 0): Slot<Classifier> {
    let slot = this.#classifiers[link];
    if (slot === undefined) {
      slot = new Slot(link === 0 ? 'classifier' : `classifier.fallback[${link - 1}]`, classifierKind);
      this.#classifiers[link] = slot;
    }
    return slot;
  }

  /** The slot of tool `name` (an app tool or an MCP tool, by the name the model calls it). */
  tool(name: string): Slot<ToolStandIn> {
    let slot = this.#tools.get(name);
    if (slot === undefined) {
      slot = new Slot(name, toolKind(name));
      this.#tools.set(name, slot);
    }
    return slot;
  }

  /** The slot whose layers stand in front of every tool, below each tool's own layers. */
  everyTool(): Slot<ToolStandIn> {
    return this.tool(EVERY_TOOL);
  }

  /** The slot of MCP server `server` (its name under `mcp.servers`). */
  mcpServer(server: string): Slot<McpConnection> {
    let slot = this.#servers.get(server);
    if (slot === undefined) {
      slot = new Slot(server, mcpKind(server));
      this.#servers.set(server, slot);
    }
    return slot;
  }

  /** Every slot made so far: the models' in the order they were first used, the classifier's, the tools', the MCP servers'. */
  all(): readonly Slot<object>[] {
    return [
      ...this.#models.values(),
      ...this.#classifiers.filter((slot) => slot !== undefined),
      ...this.#tools.values(),
      ...this.#servers.values(),
    ] as Slot<object>[];
  }

  /** Every layer of every slot, oldest first per slot. */
  layers(): readonly Layer<object>[] {
    return this.all().flatMap((slot) => slot.layers);
  }

  toolRun(name: string, scope: string): ToolRun | undefined {
    const own = this.#tools.get(name);
    const every = this.#tools.get(EVERY_TOOL);
    const chain = [own, every].filter(
      (slot): slot is Slot<ToolStandIn> => slot !== undefined && slot.layers.length > 0,
    );
    if (chain.length === 0) return undefined;
    return (input, call, context, real) => {
      // Each layer's next is the layer below it on its slot, then the next slot's layers, then the tool's own run.
      const from = (at: number, after: Layer<ToolStandIn> | undefined): Promise<unknown> => {
        const slot = chain[at];
        if (slot === undefined) return real();
        const standIn = slot.answer('run', scope, () => REAL_TOOL, after);
        if (standIn === undefined || standIn === REAL_TOOL) return from(at + 1, undefined);
        const layer = slot.layers.find((candidate) => candidate.service === standIn);
        return standIn.run(input, call, context, () => from(at, layer));
      };
      return from(0, undefined);
    };
  }

  mcp(server: string, scope: string, base: () => McpConnection | undefined): McpConnection | undefined {
    const slot = this.#servers.get(server);
    return slot === undefined || slot.layers.length === 0 ? base() : slot.answer('tools', scope, base);
  }

  release(scope: string, calls: boolean): void {
    for (const layer of this.layers()) layer.close?.(scope, calls);
  }

  provider(
    model: string,
    capability: Capability,
    scope: string,
    base: () => Provider | undefined,
  ): Provider | undefined {
    const slot = this.#models.get(model);
    return slot === undefined || slot.layers.length === 0 ? base() : slot.answer(capability, scope, base);
  }

  classifier(link: number, scope: string, base: () => Classifier | undefined): Classifier | undefined {
    const slot = this.#classifiers[link];
    return slot === undefined || slot.layers.length === 0 ? base() : slot.answer('classify', scope, base);
  }
}

/** The slots of `container`, made and seated the first time something stands in there. */
export function slotsOf(container: Container): Slots {
  const seat = container.get(Tokens.StandIns);
  if (seat.standIns instanceof Slots) return seat.standIns;
  const slots = new Slots();
  seat.standIns = slots;
  return slots;
}
