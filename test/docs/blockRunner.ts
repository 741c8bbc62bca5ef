/**
 * What a documented program that is a test file imports in place of 'vitest' when the docs test
 * runs it: `it` and the hooks are collected while the program loads, then `runCollected` runs
 * each test with its hooks, in order, inside the docs test. `expect` and `vi` are vitest's own.
 */
export { expect, vi } from 'vitest';

type Fn = () => unknown;

interface Collected {
  readonly tests: { readonly name: string; readonly fn: Fn }[];
  readonly beforeAll: Fn[];
  readonly beforeEach: Fn[];
  readonly afterEach: Fn[];
  readonly afterAll: Fn[];
}

let collected: Collected = fresh();

function fresh(): Collected {
  return { tests: [], beforeAll: [], beforeEach: [], afterEach: [], afterAll: [] };
}

export function it(name: string, fn: Fn): void {
  collected.tests.push({ name, fn });
}
export const test = it;
export function describe(_name: string, body: () => void): void {
  body();
}
export const beforeAll = (fn: Fn): void => void collected.beforeAll.push(fn);
export const beforeEach = (fn: Fn): void => void collected.beforeEach.push(fn);
export const afterEach = (fn: Fn): void => void collected.afterEach.push(fn);
export const afterAll = (fn: Fn): void => void collected.afterAll.push(fn);

/** Runs what the program just loaded registered, and answers the names of the tests run. */
export async function runCollected(): Promise<string[]> {
  const { tests, ...hooks } = collected;
  collected = fresh();
  for (const fn of hooks.beforeAll) await fn();
  try {
    for (const { fn } of tests) {
      for (const hook of hooks.beforeEach) await hook();
      try {
        await fn();
      } finally {
        for (const hook of hooks.afterEach) await hook();
      }
    }
  } finally {
    for (const fn of hooks.afterAll) await fn();
  }
  return tests.map((t) => t.name);
}
