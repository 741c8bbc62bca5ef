import { SourceMap, type SourceMapPayload } from 'node:module';
import { describe, expect, it } from 'vitest';
import { decodeSegment, encodeSegment, trimMap } from '../../scripts/trimMaps.js';

const payload = (map: ReturnType<typeof trimMap>): SourceMapPayload =>
  ({ version: 3, file: 'x.js', names: [], sourceRoot: '', ...map }) as unknown as SourceMapPayload;

describe('trimMap', () => {
  it('reads back the numbers it writes, negative and large ones included', () => {
    for (const values of [[0], [0, 0, 0, 0], [5, -3, 120, -1], [1_000_000, 2, -77, 16, 3]])
      expect(decodeSegment(encodeSegment(values))).toEqual(values);
  });

  it('drops a source nothing ships, unmaps its segments and keeps every other segment where it was', () => {
    // Line 0: col 0 -> a.ts 0:0, col 4 -> glue.js 9:9, col 8 -> b.ts 2:3. Line 1: col 2 -> b.ts 5:0.
    const mappings = [
      [encodeSegment([0, 0, 0, 0]), encodeSegment([4, 1, 9, 9]), encodeSegment([4, 1, -7, -6])].join(','),
      encodeSegment([2, 0, 3, -3]),
    ].join(';');
    const map = { sources: ['a.ts', 'glue.js', 'b.ts'], sourcesContent: ['A', 'G', 'B'], mappings };
    const trimmed = trimMap(map, (source) => source !== 'glue.js');
    expect(trimmed.sources).toEqual(['a.ts', 'b.ts']);
    expect(trimmed.sourcesContent).toEqual(['A', 'B']);
    const read = new SourceMap(payload(trimmed));
    expect(read.findEntry(0, 0)).toMatchObject({ originalSource: 'a.ts', originalLine: 0, originalColumn: 0 });
    expect((read.findEntry(0, 4) as { originalSource?: string }).originalSource).toBeUndefined();
    expect(read.findEntry(0, 8)).toMatchObject({ originalSource: 'b.ts', originalLine: 2, originalColumn: 3 });
    expect(read.findEntry(1, 2)).toMatchObject({ originalSource: 'b.ts', originalLine: 5, originalColumn: 0 });
  });
});
