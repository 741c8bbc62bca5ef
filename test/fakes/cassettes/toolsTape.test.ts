import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type StandinError, tool, type Tool } from '../../../src/index.js';
import { cassettesCommand } from '../../../src/server/cassettesCommand.js';
import { redactCassette } from '../../../src/fakes/cassettes/redactCassette.js';
import { cassetteSteps } from '../../../src/fakes/transcript/cassetteSteps.js';
import { readCassette } from '../../../src/fakes/cassettes/readCassette.js';
import type { CassetteSettings } from '../../../src/fakes/cassettes/cassetteSettings.js';
import { appWith, asks, says, scripted } from '../../support/providers.js';
import { useFolder } from './support.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const folder = useFolder();
const config = { models: { writer: { provider: 'anthropic', model: 'claude-test' } } };

afterEach(() => {
  vi.unstubAllEnvs();
});

/** A model that asks `findInGuide` for the user's words, then says what the tool answered (or its error). */
const model = () =>
  scripted((request) => {
    const last = request.messages.at(-1);
    if (last?.role === 'tool')
      return says(`Found: ${JSON.stringify(last.results[0]?.output ?? last.results[0]?.error)}`);
    return asks({ tool: 'findInGuide', with: { words: typeof last?.content === 'string' ? last.content : '' } });
  });

/** A guide tool that answers the words it was given, or throws `fails`; counting its runs. */
function guide(fails?: string) {
  const runs = { count: 0 };
  const findInGuide: Tool = tool({
    input: z.object({ words: z.string() }),
    run: ({ words }) => {
      runs.count++;
      if (fails !== undefined) throw new Error(fails);
      return { page: 2, words };
    },
  });
  return { findInGuide, runs };
}

type Settings = CassetteSettings & { readonly strictTools?: boolean };

/** Records a run per question with `settings`, through a live model and the real tool. */
async function recorded(path: string, questions: readonly string[], settings: Settings = { tools: true }) {
  const { strictTools, ...cassetteSettings } = settings;
  const app = appWith({ anthropic: model() }, config);
  const cassette = app.cassette(path, { mode: 'record', ...cassetteSettings });
  const { findInGuide, runs } = guide();
  for (const question of questions)
    await app.run(
      { model: 'writer', tools: { findInGuide } },
      question,
      strictTools === undefined ? {} : { strictTools },
    );
  await cassette.save();
  return runs;
}

/** An app replaying `path` with tools on, whose tool counts its runs; the model has nothing live behind it. */
function replaying(path: string, settings: CassetteSettings = {}) {
  const app = appWith({ anthropic: scripted([new Error('the model is not live on replay')]) }, config);
  const cassette = app.cassette(path, { tools: true, ...settings });
  const { findInGuide, runs } = guide();
  const ask = (question: string) => app.run({ model: 'writer', tools: { findInGuide } }, question);
  return { app, cassette, ask, runs };
}

type File = { entries: { tools?: { tool: string; input: unknown; output?: unknown; error?: string }[] }[] };
const read = (path: string): File => JSON.parse(readFileSync(path, 'utf8')) as File;
const write = (path: string, file: File) => writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);

async function command(...args: string[]): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const code = await cassettesCommand(args, { out: (line) => out.push(line), err: (line) => out.push(line) });
  return { code, out: out.join('\n') };
}

describe('Cassette with tools: true', () => {
  describe('redaction', () => {
    it("passes the tool's input and output through the cassette's redact, and the redacted run still replays", async () => {
      const path = join(folder(), 'c.json');
      const redact = (text: string) => text.replaceAll('alice@example.com', '[email]');
      await recorded(path, ['Mail alice@example.com the guide'], { tools: true, redact });
      expect(readFileSync(path, 'utf8')).not.toContain('alice@example.com');
      expect(read(path).entries[0]?.tools?.[0]?.input).toEqual({ words: 'Mail [email] the guide' });

      const { ask, runs } = replaying(path, { redact });
      const run = await ask('Mail alice@example.com the guide');
      expect(run.text).toBe('Found: {"page":2,"words":"Mail [email] the guide"}');
      expect(runs.count).toBe(0);
    });

    it('masks an API key the tool answered, as in every text of a cassette', async () => {
      const path = join(folder(), 'c.json');
      await recorded(path, ['authorization: Bearer sk-live-0123456789abcdef']);
      const text = readFileSync(path, 'utf8');
      expect(text).not.toContain('sk-live-0123456789abcdef');
      expect(read(path).entries[0]?.tools?.[0]?.output).toEqual({ page: 2, words: 'authorization: [redacted]' });
    });

    it("is applied to old files' tool runs by standin cassettes redact", () => {
      const path = join(folder(), 'c.json');
      const file = {
        standin: 'cassette',
        version: 1,
        entries: [
          {
            model: 'writer',
            call: 'reply',
            request: { messages: [{ role: 'user', content: 'Hi' }] },
            answer: { calls: [{ tool: 'findInGuide', with: { words: 'bob@example.com' }, id: 'c1' }] },
            tools: [{ tool: 'findInGuide', input: { words: 'bob@example.com' }, output: 'bob@example.com' }],
          },
        ],
      };
      const { text, changed } = redactCassette(JSON.stringify(file), path, (t) =>
        t.replaceAll('bob@example.com', '[bob]'),
      );
      expect(changed).toBe(3);
      expect(JSON.parse(text).entries[0].tools).toEqual([
        { tool: 'findInGuide', input: { words: '[bob]' }, output: '[bob]' },
      ]);
    });
  });

  describe('a miss', () => {
    it('fails the tool call with V0020 and a line diff against the nearest recorded run', async () => {
      const path = join(folder(), 'c.json');
      await recorded(path, ['reset a password']);
      const file = read(path);
      file.entries[0]!.tools![0]!.input = { words: 'reset the password' };
      write(path, file);

      const { ask, runs } = replaying(path);
      const error = (await ask('reset a password').catch((e: unknown) => e)) as StandinError;
      expect(error.code).toBe('R0004');
      const miss = error.cause as StandinError;
      expect(miss.code).toBe('V0020');
      expect(miss.message).toContain(
        "has no recording for this tool run: tool 'findInGuide' (call id 'call-0') in step 0",
      );
      expect(miss.message).toContain('entries[0].tools[0]');
      expect(miss.message).toContain('-     "words": "reset the password"\n+     "words": "reset a password"');
      expect(runs.count).toBe(0);
    });

    it('is kept for app.verify(), even when the app caught it', async () => {
      const path = join(folder(), 'c.json');
      await recorded(path, ['reset a password']);
      const file = read(path);
      file.entries[0]!.tools = [];
      write(path, file);

      const { app, ask } = replaying(path);
      await ask('reset a password').catch(() => undefined);
      await expect(app.verify()).rejects.toThrow(/V0020 Cassette .* has no recording for this tool run/);
    });

    it('fails with V0021 when a fake above the cassette answered the step, leaving the run no place on the tape', async () => {
      const path = join(folder(), 'c.json');
      await recorded(path, ['reset a password']);
      const { app, ask } = replaying(path);
      app.fake('writer', [{ calls: [{ tool: 'findInGuide', with: { words: 'x' } }] }, { text: 'Done' }]);
      const error = (await ask('reset a password').catch((e: unknown) => e)) as StandinError;
      expect((error.cause as StandinError).code).toBe('V0021');
    });
  });

  describe('matching', () => {
    it('gives the nth call of one tool and input in a step the nth run of it, and keeps the runs in the order asked', async () => {
      const path = join(folder(), 'c.json');
      const twice = () =>
        scripted((request) =>
          request.messages.at(-1)?.role === 'tool'
            ? says('Done')
            : asks(
                { tool: 'slow', with: {} },
                { tool: 'count', with: { what: 'pages' } },
                { tool: 'count', with: { what: 'pages' } },
              ),
        );
      let counted = 0;
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      const tools = {
        // The first call finishes last: the file still lists its run first.
        slow: tool({ input: z.object({}), run: async () => (await released, 'slow done') }),
        count: tool({ input: z.object({ what: z.string() }), run: () => (++counted === 2 && release(), counted) }),
      };
      const app = appWith({ anthropic: twice() }, config);
      const cassette = app.cassette(path, { mode: 'record', tools: true });
      await app.run({ model: 'writer', tools }, 'Count');
      await cassette.save();
      expect(read(path).entries[0]?.tools?.map((run) => run.output)).toEqual(['slow done', 1, 2]);

      const replay = appWith({ anthropic: scripted([new Error('not live')]) }, config);
      replay.cassette(path, { tools: true });
      const stopped = () => Promise.reject(new Error('stopped'));
      const replayTools = {
        slow: { input: tools.slow.input, run: stopped },
        count: { input: tools.count.input, run: stopped },
      };
      const run = await replay.run({ model: 'writer', tools: replayTools }, 'Count');
      expect(run.steps[0]?.results.map((result) => result.output)).toEqual(['slow done', 1, 2]);
    });
  });

  describe('a tool served by an MCP server', () => {
    it('is recorded through the real MCP client and replays with the server closed', async () => {
      const path = join(folder(), 'c.json');
      const server = new McpServer({ name: 'guide', version: '1.0.0' });
      server.registerTool('findInGuide', { inputSchema: { words: z.string() } }, ({ words }) => ({
        content: [{ type: 'text', text: `page 4 covers ${words}` }],
      }));
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const client = new Client({ name: 'test', version: '1.0.0' });
      await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
      // Built as an MCP tool is: the server's tool, run through the client.
      const findInGuide = tool({
        input: z.object({ words: z.string() }),
        run: async (input) => {
          const result = await client.callTool({ name: 'findInGuide', arguments: input });
          return (result.content as { text: string }[]).map((block) => block.text).join('');
        },
      });
      const app = appWith({ anthropic: model() }, config);
      const cassette = app.cassette(path, { mode: 'record', tools: true });
      const live = await app.run({ model: 'writer', tools: { findInGuide } }, 'reset a password');
      await cassette.save();
      await client.close();
      await server.close();

      const { ask, runs } = replaying(path);
      const replayed = await ask('reset a password');
      expect(replayed.text).toBe('Found: "page 4 covers reset a password"');
      expect(replayed.text).toBe(live.text);
      expect(runs.count).toBe(0);
    });
  });

  describe('scopes', () => {
    it('replays the same recorded run in parallel scopes, each step taking its own runs', async () => {
      const path = join(folder(), 'c.json');
      await recorded(path, ['reset a password']);
      const { app, ask, runs } = replaying(path);
      const texts = await Promise.all(['a', 'b', 'c'].map((id) => app.scope(id, () => ask('reset a password'))));
      expect(texts.map((run) => run.text)).toEqual(Array(3).fill('Found: {"page":2,"words":"reset a password"}'));
      expect(runs.count).toBe(0);
      await expect(app.verify()).resolves.toBeUndefined();
    });
  });

  describe('record-missing', () => {
    it('runs the real tool for a run the tape lacks, records it, and replays the runs it has', async () => {
      const path = join(folder(), 'c.json');
      await recorded(path, ['reset a password', 'change my e-mail']);
      const file = read(path);
      const dropped = file.entries[2]!.tools;
      delete file.entries[2]!.tools;
      write(path, file);

      const { cassette, ask, runs } = replaying(path, { mode: 'record-missing' });
      await ask('reset a password');
      expect(runs.count).toBe(0);
      await ask('change my e-mail');
      expect(runs.count).toBe(1);
      await cassette.save();
      expect(read(path).entries[2]?.tools).toEqual(dropped);
    });
  });

  describe('a recorded tool error', () => {
    it('replays as the same tool error the model reads, without running the tool', async () => {
      const path = join(folder(), 'c.json');
      const app = appWith({ anthropic: model() }, config);
      const cassette = app.cassette(path, { mode: 'record', tools: true });
      const failing = guide('The guide service is down.');
      const live = await app.run({ model: 'writer', tools: { findInGuide: failing.findInGuide } }, 'reset', {
        strictTools: false,
      });
      await cassette.save();
      expect(read(path).entries[0]?.tools).toEqual([
        { tool: 'findInGuide', input: { words: 'reset' }, error: 'The guide service is down.' },
      ]);

      const { ask, runs } = replaying(path);
      const replayed = await ask('reset');
      expect(replayed.steps[0]?.results).toEqual([
        { id: 'call-0', tool: 'findInGuide', error: 'The guide service is down.' },
      ]);
      expect(replayed.steps[0]?.results).toEqual(live.steps[0]?.results);
      expect(replayed.text).toBe('Found: "The guide service is down."');
      expect(runs.count).toBe(0);
    });
  });

  describe('unused tool runs', () => {
    it('are findings of app.verify() and app.pending(), and fail cassette.verify() with V0022', async () => {
      const path = join(folder(), 'c.json');
      await recorded(path, ['reset a password']);
      const file = read(path);
      file.entries[0]!.tools!.push({ tool: 'findInGuide', input: { words: 'never asked' }, output: 'page 9' });
      write(path, file);

      const { app, cassette, ask } = replaying(path);
      await ask('reset a password');
      expect(await app.pending()).toMatchObject([
        { code: 'V0022', line: 'entries[0].tools[1] findInGuide {"words":"never asked"} → "page 9" never replayed' },
      ]);
      await expect(cassette.verify()).rejects.toMatchObject({ code: 'V0022' });
    });
  });

  describe('standin cassettes prune', () => {
    it("removes an entry the run did not replay with its tool runs, and keeps a replayed entry's tool runs", async () => {
      const path = join(folder(), 'c.json');
      const usage = join(folder(), 'usage.jsonl');
      await recorded(path, ['reset a password', 'change my e-mail']);
      const before = read(path);
      vi.stubEnv('STANDIN_CASSETTES_USAGE', usage);
      const { ask } = replaying(path);
      await ask('change my e-mail');

      const { code, out } = await command('prune', '--usage', usage, path);
      expect(code).toBe(0);
      expect(out).toBe(`${path}: removed 2 of 4 entries (entries[0], entries[1])`);
      expect(read(path).entries).toEqual(before.entries.slice(2));
      expect(read(path).entries[0]?.tools).toEqual([
        { tool: 'findInGuide', input: { words: 'change my e-mail' }, output: { page: 2, words: 'change my e-mail' } },
      ]);
    });
  });

  describe('tools left out', () => {
    it('keeps no tool runs in the file', async () => {
      const path = join(folder(), 'c.json');
      await recorded(path, ['reset a password'], {});
      expect(read(path).entries.map((entry) => Object.hasOwn(entry, 'tools'))).toEqual([false, false]);
    });

    it('with tools: true and a run that calls no tool, the file has the bytes it has without', async () => {
      const without = join(folder(), 'without.json');
      const withTools = join(folder(), 'with.json');
      const app = appWith({ anthropic: scripted([says('Hello')]) }, config);
      const cassette = app.cassette(withTools, { mode: 'record', tools: true });
      await app.run({ model: 'writer' }, 'Hi');
      await cassette.save();
      const plain = appWith({ anthropic: scripted([says('Hello')]) }, config);
      const other = plain.cassette(without, { mode: 'record' });
      await plain.run({ model: 'writer' }, 'Hi');
      await other.save();
      expect(readFileSync(withTools, 'utf8')).toBe(readFileSync(without, 'utf8'));
    });

    it('runs the tool itself when the cassette keeps no tools', async () => {
      const path = join(folder(), 'c.json');
      await recorded(path, ['reset a password'], {});
      const { ask, runs } = replaying(path, { tools: false });
      await ask('reset a password');
      expect(runs.count).toBe(1);
    });
  });

  describe('settings and the file', () => {
    it('refuses a tools setting that is not true or false with V0002', () => {
      const app = appWith({ anthropic: model() }, config);
      expect(() => app.cassette(join(folder(), 'c.json'), { tools: 'yes' as never })).toThrow(
        /V0002: app\.cassette\(path, settings\): the settings are malformed:\nsettings\.tools: expected true \(keep every tool run on the tape\) or false/,
      );
    });

    it('refuses a tool run with neither output nor error with V0001, naming where it is', () => {
      const path = join(folder(), 'c.json');
      const entry = {
        model: 'writer',
        call: 'reply',
        request: {},
        answer: { text: 'Hi' },
        tools: [{ tool: 'findInGuide', input: {} }],
      };
      writeFileSync(path, JSON.stringify({ standin: 'cassette', version: 1, entries: [entry] }));
      expect(() => readCassette(path)).toThrow(
        /V0001: .*entries\[0\]\.tools\[0\]: give exactly one of output \(what the tool answered\) or error/,
      );
    });

    it('shows the tool runs in the inspector, under the reply that asked for them', async () => {
      const path = join(folder(), 'c.json');
      await recorded(path, ['reset a password']);
      const [first] = cassetteSteps(readCassette(path).entries);
      expect(first?.answer).toContain(
        'tool findInGuide {"words":"reset a password"} → {"page":2,"words":"reset a password"}',
      );
    });
  });
});
