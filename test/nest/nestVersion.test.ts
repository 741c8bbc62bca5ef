import { Module } from '@nestjs/common';
import { NestApplicationContext } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { describe, expect, it } from 'vitest';

@Module({})
class EmptyModule {}

describe('the NestJS under test', () => {
  it('is the major version the vitest project names (12 in standin, 11 in nest-11)', async () => {
    // Through the same import resolution the other Nest tests and src/nest.ts get.
    const { version } = (await import('@nestjs/core/package.json', { with: { type: 'json' } })).default as {
      version: string;
    };
    expect(version.split('.')[0]).toBe(process.env.STANDIN_NEST_MAJOR);
  });

  it("is the copy Nest's own packages load: a testing module is this @nestjs/core's application context", async () => {
    const module = await Test.createTestingModule({ imports: [EmptyModule] }).compile();
    expect(module).toBeInstanceOf(NestApplicationContext);
    await module.close();
  });
});
