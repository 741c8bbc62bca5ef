import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileSafely } from '../../../src/fakes/cassettes/writeFileSafely.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe(writeFileSafely, () => {
  it('removes the temporary file a save killed mid-write left, and only that one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'standin-write-'));
    dirs.push(dir);
    const path = join(dir, 'helpdesk.json');
    // A pid that ran and ended: the process that wrote this temporary file is gone.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(`${path}.${dead}.0123abcd.tmp`, '{"half');
    // A live process's write in flight, and another cassette's file, are left alone.
    writeFileSync(`${path}.${process.ppid}.89abcdef.tmp`, '{"in flight');
    writeFileSync(join(dir, `other.json.${dead}.0123abcd.tmp`), '{"other');
    await writeFileSafely(path, '{"entries":[]}');
    expect(readFileSync(path, 'utf8')).toBe('{"entries":[]}');
    expect(readdirSync(dir).sort()).toEqual(
      ['helpdesk.json', `helpdesk.json.${process.ppid}.89abcdef.tmp`, `other.json.${dead}.0123abcd.tmp`].sort(),
    );
  });

  it('leaves no temporary file of its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'standin-write-'));
    dirs.push(dir);
    await writeFileSafely(join(dir, 'a', 'b.json'), '{}');
    expect(readdirSync(join(dir, 'a'))).toEqual(['b.json']);
  });
});
