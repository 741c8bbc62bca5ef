import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { HELP } from '../../src/server/serveCommand.js';
import { scriptsJsonSchema } from '../../src/server/scriptsJsonSchema.js';
import { scriptsSchema } from '../../src/server/scriptsSchema.js';

// base64 is checked by the schema's pattern; the format name is only a hint for editors.
const validate = new Ajv2020({ strict: true, formats: { base64: true } }).compile(scriptsJsonSchema());

/** The example scripts file `standin --help` shows. */
const helpExample = JSON.parse(/Example scripts\.json:\n([\s\S]*?\n {2}\})\n/.exec(HELP)![1]!) as unknown;

/** Scripts documents the wire server's tests load, and the help's example. */
const accepted: Record<string, unknown> = {
  'the help example': helpExample,
  'answers for one model': { models: { 'gpt-4.1-mini': [{ text: 'Hello from curl' }] } },
  'a record of calls': {
    models: {
      m: { reply: [{ text: 'Hi' }], embed: { dimensions: 8 }, hear: { text: 'hello' }, speak: { base64: 'AAEC' } },
      r: { rank: 'overlap' },
    },
  },
  'a classifier script alone': { classifier: [{ answers: { team: 'billing' } }, { fail: 'rate_limited' }] },
  'fitting answers': {
    models: {
      m: 'fitting',
      n: { fitting: { seed: 7, dimensions: 16 }, reply: [{ text: 'Hi' }] },
      o: { fitting: true },
    },
    classifier: 'fitting',
  },
  'nothing scripted': {},
};

/** Documents the server refuses before it reads any answer. */
const refused: Record<string, unknown> = {
  'an unknown top-level key': { model: {} },
  'models as a list': { models: [] },
  'an empty model id': { models: { '': [] } },
  'a model script that is a string': { models: { m: 'hello' } },
  'an unknown key in a record of calls': { models: { m: { replies: [] } } },
  'embed dimensions past 8192': { models: { m: { embed: { dimensions: 8193 } } } },
  'embed dimensions that are not whole': { models: { m: { embed: { dimensions: 1.5 } } } },
  'speech bytes that are not base64': { models: { m: { speak: { base64: 'not base64!' } } } },
  'a rank other than overlap': { models: { m: { rank: 'bm25' } } },
  'a classifier that is not a list': { classifier: { answers: {} } },
  'fitting options with an unknown key': { models: { m: { fitting: { seeds: 1 } } } },
  'fitting given as false': { models: { m: { fitting: false } } },
  'not an object': [],
};

describe(scriptsJsonSchema, () => {
  it('is a draft 2020-12 schema with a title', () => {
    expect(scriptsJsonSchema()).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'standin wire server scripts',
      type: 'object',
    });
  });

  it.each(Object.entries(accepted))('accepts %s, as the server does', (_, scripts) => {
    expect(scriptsSchema.safeParse(scripts).success).toBe(true);
    expect(validate(scripts), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(Object.entries(refused))('refuses %s, as the server does', (_, scripts) => {
    expect(scriptsSchema.safeParse(scripts).success).toBe(false);
    expect(validate(scripts)).toBe(false);
  });
});
