import { modelBase } from '../slot/modelBase.js';
import { fileURLToPath } from 'node:url';
import type { Container } from 'inversify';
import type { Classifier } from '../../services/spec/Classifier.js';
import type { Provider } from '../../services/spec/Provider.js';
import { Tokens } from '../../tokens/Tokens.js';
import type { Layer } from '../slot/Layer.js';
import { slotsOf } from '../slot/Slots.js';
import type { Slot } from '../slot/Slot.js';
import { Cassette } from './Cassette.js';
import { CassetteClassifier } from './CassetteClassifier.js';
import { CassetteProvider } from './CassetteProvider.js';
import { paceFactor, readSettings, type CassetteSettings } from './cassetteSettings.js';
import { CassetteTape } from './CassetteTape.js';
import { UsageLog } from './usageLog.js';
import { readCassette } from './readCassette.js';
import { secretScrubber } from './redactSecrets.js';
import { ToolTape } from './ToolTape.js';
import { CassetteMcp } from './CassetteMcp.js';
import type { McpConnection } from '../../services/mcp/McpConnection.js';

/**
 * Puts a cassette layer on the slot of every model, the classifier and its fallbacks, and with `tools: true` every tool
 * and MCP listing. A call the tape does not answer goes below the layer: the layers put before it, then the real
 * adapter, which records. `app.cassette(path, settings)` calls it.
 *
 * @throws {StandinError} `V0002` for bad settings; `V0001` for a file that is not a cassette.
 */
export function bindCassette(container: Container, path: string | URL, settings: CassetteSettings = {}): Cassette {
  const mode = readSettings(path, settings);
  const file = path instanceof URL ? fileURLToPath(path) : path;
  const config = container.get(Tokens.Config);
  const usage = UsageLog.of(file);
  const { exists, entries, digest, mcp } = readCassette(file, { digest: usage !== undefined });
  if (exists && digest !== undefined) usage?.loaded(digest, entries.length);
  const scrub = secretScrubber(config, settings.redact);
  const age =
    settings.maxAgeDays === undefined
      ? undefined
      : { maxAgeDays: settings.maxAgeDays, stale: settings.stale ?? 'fail' };
  const tape = new CassetteTape({
    path: file,
    mode,
    exists,
    entries,
    scrub,
    usage,
    age,
    modelIds: settings.modelIds,
    keepBytes: settings.keepBytes === true,
    timing: settings.timing === true,
    pace: paceFactor(settings.pace),
    mcp,
  });
  const tools = settings.tools === true ? new ToolTape(tape) : undefined;
  const cassette = new Cassette(tape, tools);
  tapes.set(cassette, { tape, tools });
  layCassette(container, cassette);
  return cassette;
}

/** Each cassette's tapes, for {@link layCassette} to lay them on another container. */
const tapes = new WeakMap<Cassette, { readonly tape: CassetteTape; readonly tools: ToolTape | undefined }>();

/**
 * Puts the layers of `cassette` (one `bindCassette` made) on `container`'s slots, as `bindCassette` did on its own:
 * apps that differ only in the models they name then record to one tape and replay from it.
 */
export function layCassette(container: Container, cassette: Cassette): void {
  const { tape, tools } = tapes.get(cassette)!;
  const config = container.get(Tokens.Config);
  const label = `app.cassette('${tape.path}')`;
  const slots = slotsOf(container);
  // Below each tool's own layers (its fakes answer first), in front of its run.
  if (tools !== undefined) slots.everyTool().put(cassetteLayer(slots.everyTool(), label, tape, cassette, () => tools));
  // With tools on tape, each configured MCP server's listing is kept too: a replay lists without the server.
  for (const server of tools === undefined ? [] : Object.keys(config.mcp?.servers ?? {})) {
    const slot = slots.mcpServer(server);
    const base = (): McpConnection | undefined => container.get(Tokens.Mcp).connection(server);
    const scopes = container.get(Tokens.Scopes);
    slot.put(
      cassetteLayer(
        slot,
        label,
        tape,
        cassette,
        (below) => new CassetteMcp(tape, server, () => below('tools', scopes.current(), base)),
      ),
    );
  }

  for (const name of Object.keys(config.models)) {
    const slot = slots.model(name);
    const base = modelBase(container, name);
    const layer: Layer<Provider> = cassetteLayer(
      slot,
      label,
      tape,
      cassette,
      (below) => new CassetteProvider(tape, base(), (call, context) => below(call, context.scope, base)),
    );
    slot.put(layer);
  }

  const links = 1 + (config.classifier?.fallback ?? []).length;
  for (let link = 0; link < links; link++) {
    const slot = slots.classifierSlot(link);
    const base = (): Classifier | undefined =>
      link === 0
        ? container.get(Tokens.Classifier, { optional: true })
        : container.get(Tokens.FallbackClassifier, { name: String(link - 1), optional: true });
    slot.put(
      cassetteLayer(slot, label, tape, cassette, (below) => {
        const fallback = link === 0 ? undefined : link - 1;
        const reach = (scope: string): Classifier | undefined => below('classify', scope, base);
        try {
          return new CassetteClassifier(tape, base(), undefined, fallback, reach);
        } catch (error) {
          return new CassetteClassifier(tape, undefined, error, fallback, reach);
        }
      }),
    );
  }
}

/** The cassette's layer on `slot`; `make` is handed how to reach what is below it. */
function cassetteLayer<S extends object>(
  slot: Slot<S>,
  label: string,
  tape: CassetteTape,
  cassette: Cassette,
  make: (below: (call: string, scope: string, base: () => S | undefined) => S | undefined) => S,
): Layer<S> {
  const layer: Layer<S> = {
    kind: 'cassette',
    scope: undefined,
    label,
    source: cassette,
    service: make((call, scope, base) => slot.answer(call, scope, base, layer)),
    findings: () => cassette.findings(),
    forget: () => undefined,
    close: (scope) => tape.close(scope),
  };
  return layer;
}
