/**
 * Source maps that name only files the package ships. esbuild maps the code it writes itself (its
 * helpers, the lazy built-ins' modules, the merge step's re-exports) to the first pass's files
 * under .tmp/ or to virtual modules, which no installed package has: a stack frame there would
 * point at nothing. Those segments become unmapped and those sources are dropped; every other
 * segment keeps its place.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one segment of a `mappings` string (base64 VLQ). */
export function decodeSegment(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGITS.indexOf(char);
    if (digit === -1) throw new Error(`Not a base64 VLQ digit in a source map: '${char}'`);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** One segment's numbers as base64 VLQ. */
export function encodeSegment(values: readonly number[]): string {
  let text = '';
  for (const number of values) {
    let value = number < 0 ? (-number << 1) | 1 : number << 1;
    do {
      let digit = value & 31;
      value >>>= 5;
      if (value > 0) digit |= 32;
      text += DIGITS[digit];
    } while (value > 0);
  }
  return text;
}

interface MapPayload {
  sources: string[];
  sourcesContent?: (string | null)[];
  sourceRoot?: string;
  mappings: string;
  [field: string]: unknown;
}

/** The map without the sources `keep` refuses: their segments unmapped, the others renumbered. */
export function trimMap(map: MapPayload, keep: (source: string) => boolean): MapPayload {
  const kept = map.sources.map(keep);
  const renumbered: number[] = [];
  let next = 0;
  for (const yes of kept) renumbered.push(yes ? next++ : -1);
  // Absolute values, carried across segments and lines as the format's deltas are.
  let source = 0;
  let line = 0;
  let column = 0;
  let name = 0;
  let outSource = 0;
  let outLine = 0;
  let outColumn = 0;
  let outName = 0;
  const lines = map.mappings.split(';').map((row) => {
    let generated = 0;
    let outGenerated = 0;
    return row
      .split(',')
      .filter((segment) => segment !== '')
      .map((segment) => {
        const values = decodeSegment(segment);
        generated += values[0]!;
        const out = [generated - outGenerated];
        outGenerated = generated;
        if (values.length >= 4) {
          source += values[1]!;
          line += values[2]!;
          column += values[3]!;
          if (values.length >= 5) name += values[4]!;
          const at = renumbered[source]!;
          if (at !== -1) {
            out.push(at - outSource, line - outLine, column - outColumn);
            outSource = at;
            outLine = line;
            outColumn = column;
            if (values.length >= 5) {
              out.push(name - outName);
              outName = name;
            }
          }
        }
        return encodeSegment(out);
      })
      .join(',');
  });
  return {
    ...map,
    sources: map.sources.filter((_, at) => kept[at]),
    ...(map.sourcesContent === undefined ? {} : { sourcesContent: map.sourcesContent.filter((_, at) => kept[at]) }),
    mappings: lines.join(';'),
  };
}

/** Every .js.map under `dir` trimmed to the sources that exist in `root` beside it (the package's own files). */
export function trimMaps(dir: string, root: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js.map')) continue;
    const file = join(entry.parentPath, entry.name);
    const map = JSON.parse(readFileSync(file, 'utf8')) as MapPayload;
    const base = resolve(dirname(file), map.sourceRoot ?? '');
    const shipped = (source: string): boolean => {
      const path = resolve(base, source);
      return path.startsWith(`${root}/`) && !path.includes('/.tmp/') && existsSync(path);
    };
    if (map.sources.every(shipped)) continue;
    writeFileSync(file, JSON.stringify(trimMap(map, shipped)));
  }
}
