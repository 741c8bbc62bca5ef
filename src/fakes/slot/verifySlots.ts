import type { Code } from '../../errors/catalog.js';
import { StandinError } from '../../errors/StandinError.js';
import type { CursorStore } from '../../services/cursors/CursorStore.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import type { Finding } from '../script/Finding.js';
import type { Slots } from './Slots.js';

/** A finding of one stand-in, named as the test put it there. */
export interface StandInFinding extends Finding {
  /** The stand-in, as the test wrote it: `app.fake('writer', answers)`, `app.cassette('a.json')`. */
  readonly standIn: string;
}

/** The codes that say an answer or entry was left unused (the rest say a call raised an author's error). */
const UNUSED: ReadonlySet<Code> = new Set<Code>(['T0014', 'K0012', 'V0005', 'T0124', 'V0022']);

/** How many lines one stand-in's scope lists before the rest are counted. */
const SHOWN = 10;

/** What every layer would fail `verify()` on, each source once (a cassette is a layer on every slot). */
export async function findingsOf(slots: Slots): Promise<readonly StandInFinding[]> {
  const seen = new Set<object>();
  const found: StandInFinding[] = [];
  for (const layer of slots.layers()) {
    if (seen.has(layer.source)) continue;
    seen.add(layer.source);
    for (const finding of await layer.findings()) found.push({ ...finding, standIn: layer.label });
  }
  return found;
}

/** The answers and entries every stand-in still holds: the findings that say something was left unused. */
export async function pendingOf(slots: Slots): Promise<readonly StandInFinding[]> {
  return (await findingsOf(slots)).filter((finding) => UNUSED.has(finding.code));
}

/** `T0049` listing every finding, by stand-in and scope, then `more` (the calls the real-call guard refused). */
export async function verifySlots(slots: Slots, more: readonly StandInFinding[] = []): Promise<void> {
  const found = [...(await findingsOf(slots)), ...more];
  if (found.length === 0) return;
  const groups = new Map<string, StandInFinding[]>();
  for (const finding of found) {
    const key =
      `${finding.standIn}, in ` +
      `${finding.scope === DEFAULT_SCOPE ? 'the default scope' : `scope '${finding.scope}'`}`;
    const group = groups.get(key) ?? [];
    group.push(finding);
    groups.set(key, group);
  }
  const lines: string[] = [];
  for (const [key, group] of groups) {
    lines.push(`${key}:`);
    for (const finding of group.slice(0, SHOWN))
      lines.push(`  ${finding.code} ${finding.line.replaceAll('\n', '\n    ')}`);
    if (group.length > SHOWN) lines.push(`  and ${group.length - SHOWN} more`);
  }
  const unused = found.filter((finding) => UNUSED.has(finding.code)).length;
  const raised = found.length - unused;
  const counts = [unused > 0 ? `${unused} left unused` : '', raised > 0 ? `${raised} raised by calls` : '']
    .filter(Boolean)
    .join(', ');
  throw new StandinError(
    'T0049',
    `app.verify(): the stand-ins were not used as scripted (${counts}).\n${lines.join('\n')}\nRemove what the app no ` +
      `longer asks for, or fix the answer or the call each error names.`,
  );
}

/** Takes every layer off, has each forget its record, ends held streams (`T0072`) and clears the cursors. */
export async function resetSlots(slots: Slots, store: CursorStore): Promise<void> {
  for (const slot of slots.all()) for (const layer of slot.clear()) layer.forget();
  slots.judges.clear();
  slots.gates.end('app.reset() took the fakes off');
  await store.reset();
}
