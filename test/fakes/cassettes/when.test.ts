import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../src/testing.js';
import { appWith, says, scripted } from '../../support/providers.js';
import { useFolder } from './support.js';

const folder = useFolder();
const config = { models: { writer: { provider: 'anthropic', model: 'claude-test' } } };

function cassette(entries: readonly unknown[]): string {
  const path = join(folder(), 'c.json');
  writeFileSync(path, JSON.stringify({ standin: 'cassette', version: 1, entries }, null, 2));
  return path;
}

const refund = { model: 'writer', call: 'reply', when: { user: 'refund' }, answer: { text: 'Refunds take 5 days.' } };

describe('Cassette entries written with when', () => {
  it('replays an entry whose when matches a call no recording of its very request is left for', async () => {
    const app = createTestApp(config);
    app.cassette(cassette([refund]), { mode: 'replay' });
    expect((await app.reply('writer', { messages: 'I want a refund' })).text).toBe('Refunds take 5 days.');
  });

  it('prefers a recording of the very request, and gives each when entry once per scope', async () => {
    const recorder = appWith({ anthropic: scripted([says('exact')]) }, config);
    const path = join(folder(), 'c.json');
    const recording = recorder.cassette(path, { mode: 'record' });
    await recorder.reply('writer', { messages: 'refund' });
    await recording.save();
    const file = JSON.parse(readFileSync(path, 'utf8')) as { entries: unknown[] };
    writeFileSync(path, JSON.stringify({ ...file, entries: [refund, ...file.entries] }));
    const app = createTestApp(config);
    app.cassette(path, { mode: 'replay' });
    expect((await app.reply('writer', { messages: 'refund' })).text).toBe('exact');
    expect((await app.reply('writer', { messages: 'refund' })).text).toBe('Refunds take 5 days.');
    await expect(app.reply('writer', { messages: 'refund' })).rejects.toMatchObject({ code: 'T0040' });
    expect((await app.scope('other', () => app.reply('writer', { messages: 'refund!' }))).text).toBe(
      'Refunds take 5 days.',
    );
  });

  it('lists a when entry no call matched among the entries never replayed (V0005)', async () => {
    const app = createTestApp(config);
    const tape = app.cassette(cassette([refund]), { mode: 'replay' });
    await expect(tape.verify()).rejects.toMatchObject({
      code: 'V0005',
      message: expect.stringContaining('entries[0]'),
    });
  });

  it('keeps the entry as written when record-missing adds recordings', async () => {
    const app = appWith({ anthropic: scripted([says('Hello!')]) }, config);
    const path = cassette([refund]);
    const tape = app.cassette(path, { mode: 'record-missing' });
    expect((await app.reply('writer', { messages: 'refund?' })).text).toBe('Refunds take 5 days.');
    expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('Hello!');
    await tape.save();
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { entries: { when?: unknown; request?: unknown }[] };
    expect(saved.entries[0]).toEqual(refund);
    expect(saved.entries[1]?.request).toBeDefined();
  });

  it('refuses an entry with both request and when, a when on another call, or a when inside the answer (V0001)', () => {
    const both = { ...refund, request: { messages: [] } };
    const embed = { model: 'writer', call: 'embed', when: { user: 'a' }, answer: { vector: [1] } };
    const inside = {
      model: 'writer',
      call: 'reply',
      request: { messages: [] },
      answer: { text: 'a', when: { user: 'a' } },
    };
    for (const [entry, says] of [
      [both, 'request and when do not go together'],
      [embed, 'when chooses among reply entries only'],
      [inside, 'when sits beside the answer'],
    ] as const) {
      const app = createTestApp(config);
      expect(() => app.cassette(cassette([entry]), { mode: 'replay' })).toThrow(
        expect.objectContaining({ code: 'V0001', message: expect.stringContaining(says) }),
      );
    }
  });

  it('says, when a call finds no entry, that the scope took every entry written with a when', async () => {
    const app = createTestApp(config);
    app.cassette(cassette([refund]), { mode: 'replay' });
    await app.reply('writer', { messages: 'refund' });
    await expect(app.reply('writer', { messages: 'refund again' })).rejects.toMatchObject({
      code: 'T0040',
      message: expect.stringContaining('written with a when, the scope took every one'),
    });
  });

  it('names the when of an entry never replayed (V0005)', async () => {
    const app = createTestApp(config);
    const tape = app.cassette(cassette([refund]), { mode: 'replay' });
    await expect(tape.verify()).rejects.toMatchObject({ message: expect.stringContaining('(when {"user":"refund"})') });
  });

  it('lifts its entries with when into a list that chooses as the cassette does (answers)', async () => {
    const app = createTestApp(config);
    const tape = app.cassette(
      cassette([refund, { ...refund, when: { user: 'parcel' }, answer: { text: 'On its way.' } }]),
      {
        mode: 'replay',
      },
    );
    const lifted = createTestApp(config);
    lifted.fake('writer', tape.answers('writer'));
    expect((await lifted.reply('writer', { messages: 'my parcel?' })).text).toBe('On its way.');
  });
});
