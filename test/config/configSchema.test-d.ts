import type { z } from 'zod';
import { describe, expectTypeOf, it } from 'vitest';
import type { configSchema } from '../../src/config/configSchema.js';
import type { StandinConfig, StandinConfigInput } from '../../src/index.js';

describe('configSchema', () => {
  it('parses into the documented StandinConfig', () => {
    expectTypeOf<z.output<typeof configSchema>>().toExtend<StandinConfig>();
  });

  it('documents every input the schema accepts', () => {
    expectTypeOf<z.input<typeof configSchema>>().toExtend<StandinConfigInput>();
  });
});
