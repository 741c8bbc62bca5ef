import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/parseConfig.js';
import { code, StandinError } from '../../src/index.js';

function refusal(mcp: unknown): string {
  try {
    parseConfig({ mcp } as never);
  } catch (error) {
    expect(error).toBeInstanceOf(StandinError);
    expect(error).toMatchObject({ code: code.C0001 });
    return (error as Error).message;
  }
  throw new Error('the config was accepted');
}

describe(parseConfig, () => {
  describe('mcp', () => {
    it('accepts servers over HTTP and over stdio, with their bounds', () => {
      const mcp = {
        servers: {
          tickets: { url: 'https://tickets.example.com/mcp', headers: { authorization: 'Bearer t' }, timeoutMs: 5_000 },
          files: {
            command: 'npx',
            args: ['-y', 'server'],
            env: { ROOT: '/srv' },
            cwd: '/srv',
            connectTimeoutMs: 1_000,
          },
        },
      };
      expect(parseConfig({ mcp }).mcp).toEqual(mcp);
    });

    it('leaves mcp out when the config has none', () => {
      expect(parseConfig({}).mcp).toBeUndefined();
    });

    it('refuses a server with both a url and a command, naming the key', () => {
      expect(refusal({ servers: { tickets: { url: 'http://127.0.0.1/mcp', command: 'x' } } })).toContain(
        "config.mcp.servers.tickets.command: unknown key 'command'",
      );
    });

    it('refuses a server with neither', () => {
      expect(refusal({ servers: { tickets: { args: [] } } })).toContain('config.mcp.servers.tickets.command: missing');
    });

    it('refuses a url that is not http(s), or that holds credentials, without echoing them', () => {
      expect(refusal({ servers: { tickets: { url: 'ftp://127.0.0.1/mcp' } } })).toContain(
        'config.mcp.servers.tickets.url',
      );
      const message = refusal({ servers: { tickets: { url: 'http://me:pw-4471-secret@127.0.0.1/mcp' } } });
      expect(message).toContain('holds credentials');
      expect(message).not.toContain('pw-4471-secret');
    });

    it('refuses an unknown key, a bound out of range, and a name with spaces', () => {
      expect(refusal({ servers: { tickets: { command: 'x', retries: 3 } } })).toContain("unknown key 'retries'");
      expect(refusal({ servers: { tickets: { command: 'x', timeoutMs: 0 } } })).toContain(
        'config.mcp.servers.tickets.timeoutMs',
      );
      expect(refusal({ servers: { 'my tickets': { command: 'x' } } })).toContain('an MCP server name is 1 to 64');
    });
  });
});
