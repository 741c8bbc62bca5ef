import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createAzure } from '@ai-sdk/azure';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { describe } from 'vitest';
import { matrix } from './matrix.js';
import { aiSdkCells, type Make } from './aiSdkCells.js';

const { cells } = matrix();
const credentials = { accessKeyId: 'AKIASTANDINTEST00001', secretAccessKey: 'standin/test/secret/key/0123456789' };

const providers: readonly (readonly [string, string, Make])[] = [
  [
    '@ai-sdk/openai (responses)',
    'gpt-4.1-mini',
    (server, headers) => createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', headers })('gpt-4.1-mini'),
  ],
  [
    '@ai-sdk/openai (chat)',
    'gpt-4.1-mini',
    (server, headers) => createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', headers }).chat('gpt-4.1-mini'),
  ],
  [
    '@ai-sdk/anthropic',
    'claude-test-1',
    (server, headers) =>
      createAnthropic({ baseURL: `${server.url}/v1`, apiKey: 'sk-ant-test', headers })('claude-test-1'),
  ],
  [
    '@ai-sdk/google',
    'gemini-test',
    (server, headers) =>
      createGoogleGenerativeAI({ baseURL: `${server.url}/v1beta`, apiKey: 'gemini-key', headers })('gemini-test'),
  ],
  [
    '@ai-sdk/amazon-bedrock',
    'anthropic.claude-sonnet-4-5-v1:0',
    (server, headers) =>
      createAmazonBedrock({ baseURL: server.url, region: 'us-east-1', ...credentials, headers })(
        'anthropic.claude-sonnet-4-5-v1:0',
      ),
  ],
  // A model with no structured output of its own: generateObject asks for the object through a forced tool 'json'.
  [
    '@ai-sdk/amazon-bedrock (Nova)',
    'amazon.nova-pro-v1:0',
    (server, headers) =>
      createAmazonBedrock({ baseURL: server.url, region: 'us-east-1', ...credentials, headers })(
        'amazon.nova-pro-v1:0',
      ),
  ],
  // Azure's default URLs, the v1 API: at a host of its own, `<baseURL>/responses`, the deployment as the model.
  [
    '@ai-sdk/azure (responses)',
    'gpt-4o-prod',
    (server, headers) =>
      createAzure({ baseURL: `${server.url}/openai/v1`, apiKey: 'azure-key', headers })('gpt-4o-prod'),
  ],
  [
    '@ai-sdk/azure (chat)',
    'gpt-4o-prod',
    (server, headers) =>
      createAzure({ baseURL: `${server.url}/openai/v1`, apiKey: 'azure-key', headers }).chat('gpt-4o-prod'),
  ],
];

describe('the AI SDK', () => {
  for (const [name, model, make] of providers) cells(name, aiSdkCells(make, model));
});
