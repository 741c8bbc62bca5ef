import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRoute } from '../../src/server/dialects/registry.js';
import { root } from './markdownBlocks.js';

const page = readFileSync(join(root, 'docs/wire-server.md'), 'utf8');
/** The page's section `heading`, to the next heading of its level or above. */
function section(heading: string): string {
  const start = page.indexOf(`\n## ${heading}\n`);
  expect(start, `docs/wire-server.md has no section '## ${heading}'`).toBeGreaterThan(-1);
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end === -1 ? undefined : end);
}

/** Every `METHOD /path` the Endpoints section names, its placeholders filled in as a client fills them. */
const documented = (): { method: string; path: string }[] =>
  [...section('Endpoints').matchAll(/`(GET|POST|DELETE) (\/[^`\s]*)`/g)].map(([, method, path]) => ({
    method: method!,
    path: path!.replace(/\{[^}]+\}/g, 'x-1').replace('<name>', 'weather'),
  }));

/** One request path of every endpoint the server answers, and its method. */
const served = [
  'POST /v1/chat/completions',
  'POST /v1/responses',
  'POST /v1/embeddings',
  'POST /v1/images/generations',
  'POST /v1/audio/transcriptions',
  'POST /v1/audio/speech',
  'GET /v1/models',
  'POST /v1/messages',
  'POST /v1/systemone',
  'POST /v1/decisions',
  'POST /v1beta/models/x-1:generateContent',
  'POST /v1beta/models/x-1:streamGenerateContent',
  'POST /v1beta/models/x-1:embedContent',
  'POST /v1beta/models/x-1:batchEmbedContents',
  'POST /model/x-1/converse',
  'POST /model/x-1/converse-stream',
  'POST /openai/deployments/x-1/chat/completions',
  'POST /openai/deployments/x-1/responses',
  'POST /openai/deployments/x-1/embeddings',
  'POST /openai/responses',
  'POST /openai/v1/chat/completions',
  'POST /openai/v1/responses',
  'POST /openai/v1/embeddings',
  'POST /openai/v1/images/generations',
  'POST /openai/v1/audio/transcriptions',
  'POST /openai/v1/audio/speech',
  'GET /openai/v1/models',
  'POST /mcp/weather',
  'POST /api/chat',
  'POST /api/generate',
  'POST /api/embed',
  'GET /api/tags',
  'GET /api/version',
];

describe('docs/wire-server.md', () => {
  it('names in its Endpoints section each endpoint the server answers', () => {
    const named = new Set(documented().map(({ method, path }) => `${method} ${path}`));
    for (const endpoint of served) {
      expect(named, `${endpoint} is not in the Endpoints section`).toContain(endpoint);
      const [method, path] = endpoint.split(' ') as [string, string];
      if (!path.startsWith('/mcp/')) expect(findRoute(path)?.route.method, endpoint).toBe(method);
    }
  });

  it('names no endpoint the server does not answer', () => {
    for (const { method, path } of documented()) {
      if (path.startsWith('/mcp/') || path.startsWith('/__standin/')) continue;
      expect(findRoute(path)?.route.method, `${method} ${path}`).toBe(method);
    }
  });

  it('says how each client retries and names its scope, and what HTTP/2 the server speaks', () => {
    const clients = section('Clients, their retries and their scopes');
    for (const client of [
      '`openai`',
      '`AzureOpenAI`',
      '`@anthropic-ai/sdk`',
      '`@google/genai`',
      '`@aws-sdk/client-bedrock-runtime`',
      '`@ai-sdk/openai`',
      '`@ai-sdk/anthropic`',
      '`@ai-sdk/google`',
      '`@ai-sdk/amazon-bedrock`',
      '`@ai-sdk/azure`',
      '`ChatOpenAI`',
      '`ChatAnthropic`',
      '`@openai/agents`',
      'MCP SDK',
    ])
      expect(clients).toContain(client);
    expect(clients).toContain('### HTTP/2');
    expect(clients).toMatch(/prior knowledge/);
  });
});
