import { describe, expect, it } from 'vitest';
import { McpOnFirstUse } from '../../src/services/mcp/McpOnFirstUse.js';

const config = { command: process.execPath, args: ['-e', 'process.exit(3)'] };

describe(McpOnFirstUse, () => {
  describe('.close', () => {
    it('closed before any use, refuses its first listing as disposed (E0050)', async () => {
      const connection = new McpOnFirstUse('tickets', config);
      await connection.close();
      await expect(connection.listTools(new AbortController().signal)).rejects.toMatchObject({ code: 'E0050' });
      await expect(connection.callTool('find', {}, new AbortController().signal)).rejects.toMatchObject({
        code: 'E0050',
      });
    });
  });
});
