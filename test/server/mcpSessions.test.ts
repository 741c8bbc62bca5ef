import { describe, expect, it } from 'vitest';
import { McpSessions, type McpSession } from '../../src/server/mcp/McpSessions.js';

/** A session that counts how often it was closed. */
function session(server = 'weather'): McpSession & { closed: number } {
  const made = {
    server,
    scope: 't1',
    closed: 0,
    handle: async () => undefined,
    close: async () => {
      made.closed++;
    },
  };
  return made;
}

describe('McpSessions', () => {
  describe('.delete', () => {
    it('forgets a session its client ended, without closing it again', async () => {
      const sessions = new McpSessions(2, 60_000);
      const ended = session();
      sessions.add('a', ended);
      sessions.delete('a');
      expect([sessions.size, sessions.get('a')]).toEqual([0, undefined]);
      await sessions.close();
      expect(ended.closed).toBe(0);
    });
  });

  describe('.expire', () => {
    it('closes the sessions unused for idleMs, and keeps the ones used since', async () => {
      let now = 1_000;
      const sessions = new McpSessions(10, 5_000, () => now);
      const idle = session();
      const busy = session();
      sessions.add('idle', idle);
      sessions.add('busy', busy);
      now = 4_000;
      sessions.get('busy');
      await sessions.expire(6_000);
      expect([idle.closed, busy.closed]).toEqual([1, 0]);
      expect(sessions.get('idle')).toBeUndefined();
      expect(sessions.get('busy')).toBe(busy);
      await sessions.close();
    });
  });

  describe('.close', () => {
    it('closes every live session once', async () => {
      const sessions = new McpSessions();
      const all = [session(), session('docs')];
      all.forEach((made, i) => sessions.add(String(i), made));
      await sessions.close();
      await sessions.close();
      expect(all.map((made) => made.closed)).toEqual([1, 1]);
      expect(sessions.size).toBe(0);
    });
  });
});
