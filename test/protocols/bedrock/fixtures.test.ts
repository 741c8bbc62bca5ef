import { describe, expect, it } from 'vitest';
import { ConverseEventReader } from '../../../src/protocols/bedrock/ConverseEventReader.js';
import { ConverseEventWriter } from '../../../src/protocols/bedrock/ConverseEventWriter.js';
import { readConverseAnswer, writeConverseAnswer } from '../../../src/protocols/bedrock/converseReply.js';
import { bedrockError, converseAnswer, converseEvents } from '../../../src/protocols/bedrock/converseOutputShapes.js';
import { streamExceptions } from '../../../src/protocols/bedrock/bedrockErrors.js';
import { decodeMessage } from '../../../src/protocols/eventStream/eventMessage.js';
import type { WireFault } from '../../../src/protocols/WireFault.js';
import type { FailureKind } from '../../../src/services/spec/failures.js';
import type { ReplyPart } from '../../../src/services/spec/Provider.js';
import { answerFixture, fixtureBytes, streamFixture, streamFixtures } from '../../support/bedrockFixtures.js';

/** Fields whose value is a document of the caller's own (a tool's input), not of Bedrock's shapes. */
const documents = new Set(['input']);

/** Every path of fields a JSON value holds (`a.b`, a list's members as `a[]`). */
function fieldPaths(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => fieldPaths(item, `${at}[]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const path = at === '' ? key : `${at}.${key}`;
    return documents.has(key) ? [path] : [path, ...fieldPaths(item, path)];
  });
}

/** The fields a writer wrote that no fixture of the same kind has: what Bedrock never sends. */
function beyond(written: readonly unknown[], fixtures: readonly unknown[]): string[] {
  const known = new Set(fixtures.flatMap((fixture) => fieldPaths(fixture)));
  return [...new Set(written.flatMap((value) => fieldPaths(value)))].filter((path) => !known.has(path));
}

const events = streamFixtures().filter((fixture) => fixture.headers[':message-type'] === 'event');
const exceptions = streamFixtures().filter((fixture) => fixture.headers[':message-type'] === 'exception');
const payload = (message: Uint8Array): unknown => JSON.parse(new TextDecoder().decode(decodeMessage(message).body));
const typeOf = (message: Uint8Array): string => {
  const header = decodeMessage(message).headers[':event-type'] ?? decodeMessage(message).headers[':exception-type'];
  return header?.type === 'string' ? header.value : '';
};

function fault(run: () => unknown): WireFault {
  try {
    run();
  } catch (error) {
    return error as WireFault;
  }
  throw new Error('expected a throw');
}

describe('the Bedrock fixtures', () => {
  it('are one per documented stream event and exception', () => {
    expect(new Set(events.map((fixture) => fixture.headers[':event-type']))).toEqual(
      new Set(Object.keys(converseEvents)),
    );
    expect(exceptions.map((fixture) => fixture.headers[':exception-type']).sort()).toEqual([
      'internalServerException',
      'modelStreamErrorException',
      'serviceUnavailableException',
      'throttlingException',
      'validationException',
    ]);
  });

  it.each(streamFixtures().map((fixture) => [fixture.name, fixture] as const))(
    '%s parses with the protocol’s shape',
    (_, fixture) => {
      const type = fixture.headers[':event-type'] as keyof typeof converseEvents | undefined;
      const schema = type === undefined ? bedrockError : converseEvents[type];
      expect(schema.safeParse(fixture.payload).success).toBe(true);
    },
  );

  it('the whole answers parse with the protocol’s shape, and read as their parts', () => {
    expect(converseAnswer.safeParse(answerFixture('converse')).success).toBe(true);
    expect(readConverseAnswer(JSON.stringify(answerFixture('converseToolUse')), false)).toEqual([
      { type: 'reasoning', text: 'The user wants the most popular song on WZPZ.', block: 0 },
      { type: 'text', text: "I'll look up the most popular song on WZPZ." },
      { type: 'call', call: { id: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q', tool: 'top_song', with: { sign: 'WZPZ' } } },
      { type: 'units', tokensIn: 534, tokensOut: 81, cachedIn: 100, cacheWriteIn: 20 },
      { type: 'finish', reason: 'calls' },
    ]);
  });

  it('read, as a stream, into reasoning, text, a call, the units and the finish', () => {
    const at = (index: number) => ({ contentBlockIndex: index });
    const messages = [
      fixtureBytes(streamFixture('messageStart')),
      fixtureBytes(streamFixture('contentBlockDelta.reasoningText'), at(0)),
      fixtureBytes(streamFixture('contentBlockDelta.reasoningSignature'), at(0)),
      fixtureBytes(streamFixture('contentBlockStop'), at(0)),
      fixtureBytes(streamFixture('contentBlockDelta.text'), at(1)),
      fixtureBytes(streamFixture('contentBlockStop'), at(1)),
      fixtureBytes(streamFixture('contentBlockStart'), at(2)),
      fixtureBytes(streamFixture('contentBlockDelta.toolUse'), at(2)),
      fixtureBytes(streamFixture('contentBlockStop'), at(2)),
      fixtureBytes(streamFixture('messageStop')),
      fixtureBytes(streamFixture('metadata')),
    ];
    const reader = new ConverseEventReader(false);
    const out: ReplyPart[] = [];
    for (const message of messages) reader.add(decodeMessage(message), out);
    reader.end(out);
    expect(out).toEqual([
      { type: 'reasoning', text: 'The user wants a song.', block: 0 },
      { type: 'text', text: 'I will look up' },
      { type: 'call', call: { id: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q', tool: 'top_song', with: { sign: 'WZPZ' } } },
      { type: 'units', tokensIn: 534, tokensOut: 81, cachedIn: 100, cacheWriteIn: 20 },
      { type: 'finish', reason: 'calls' },
    ]);
  });

  it.each(exceptions.map((fixture) => [fixture.name, fixture] as const))(
    'a %s read from a stream is the error it reports, under its AWS shape',
    (name, fixture) => {
      const reader = new ConverseEventReader(false);
      const read = fault(() => reader.add(decodeMessage(fixtureBytes(fixture)), []));
      expect(read.fault).toEqual({
        kind: 'reported',
        body: { ...fixture.payload, type: name.charAt(0).toUpperCase() + name.slice(1) },
        fallback: 'the stream broke off with an exception',
      });
    },
  );
});

describe('what the protocol writes', () => {
  const writer = new ConverseEventWriter({ name: 'json', id: 'tooluse_3' });
  const parts: ReplyPart[] = [
    { type: 'reasoning', text: 'Thinking.', block: 0 },
    { type: 'text', text: 'Let me look.' },
    { type: 'call', call: { id: 'tooluse_1', tool: 'lookup', with: { q: 'refund' } } },
    { type: 'value', json: '{"team":"billing"}' },
    { type: 'units', tokensIn: 3, tokensOut: 4 },
    { type: 'finish', reason: 'stop' },
  ];
  const written = [...parts.flatMap((part) => writer.part(part)), ...writer.end()];

  it('gives each stream event only fields the fixtures of its type have', () => {
    for (const type of Object.keys(converseEvents)) {
      const ofType = written.filter((message) => typeOf(message) === type);
      expect(ofType.length, type).toBeGreaterThan(0);
      const fixtures = events.filter((fixture) => fixture.headers[':event-type'] === type);
      expect(
        beyond(
          ofType.map(payload),
          fixtures.map((fixture) => fixture.payload),
        ),
        type,
      ).toEqual([]);
    }
  });

  it('gives each exception the headers and fields of the fixture of its member', () => {
    for (const kind of Object.keys(streamExceptions) as FailureKind[]) {
      const message = new ConverseEventWriter().exception(kind)!;
      const fixture = exceptions.find((found) => found.name === typeOf(message))!;
      const headers = Object.fromEntries(
        Object.entries(decodeMessage(message).headers).map(([name, value]) => [name, value.value]),
      );
      expect(headers).toEqual(fixture.headers);
      expect(beyond([payload(message)], [fixture.payload])).toEqual([]);
    }
  });

  it('gives a whole answer only fields the whole fixtures have', () => {
    const reply = {
      text: 'Let me look.',
      reasoning: ['Thinking.'],
      calls: [{ id: 'tooluse_1', tool: 'lookup', with: { q: 'refund' } }],
      units: { tokensIn: 3, tokensOut: 4 },
      finish: 'calls' as const,
    };
    const answers = [
      writeConverseAnswer(reply),
      writeConverseAnswer({ ...reply, text: '{"a":1}' }, { name: 'json', id: 'tooluse_4' }),
    ];
    expect(
      beyond(
        answers.map((text) => JSON.parse(text)),
        [answerFixture('converse'), answerFixture('converseToolUse')],
      ),
    ).toEqual([]);
  });
});
