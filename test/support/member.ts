/**
 * One process of a namespace, driven by the test that started it (see members.ts): a test app
 * made from the config in argv (JSON), printing `ready` once connected, then answering one JSON
 * line per order read on stdin with `{ id, value }` or `{ id, error: { code, message } }`.
 * Usage: node --import tsx member.ts '<config JSON>'
 */
import { createInterface } from 'node:readline';
import 'reflect-metadata';
import { ClassificationQuestion as Q } from '../../src/index.js';
import { createTestApp, type Answer, type FakeModel } from '../../src/testing.js';
import { z } from 'zod';
import type { Order } from './members.js';

const app = createTestApp(JSON.parse(process.argv[2]!));
await app.ready();
const fakes = new Map<string, FakeModel>();

async function obey(order: Order): Promise<unknown> {
  switch (order.op) {
    case 'fake':
      fakes.set(order.model, app.fake(order.model, order.answers as Answer[]));
      await app.ready();
      return null;
    case 'fakeClassifier':
      app.fakeClassifier(order.script);
      await app.ready();
      return null;
    case 'reply': {
      const output = order.typed === true ? { output: z.object({ n: z.number() }) } : {};
      const reply = async () => (await app.reply(order.model, { messages: order.message, ...output })).text;
      return order.scope === undefined ? reply() : app.scope(order.scope, reply);
    }
    case 'classify': {
      const questions = { pick: Q.choice('Which one?', order.options) };
      return (await app.classify(order.text, questions)).answer('pick')?.choice;
    }
    case 'sent': {
      const fake = fakes.get(order.model);
      if (fake === undefined) throw new Error(`this process did not fake '${order.model}'`);
      await fake.sync();
      return fake.sent;
    }
    case 'verify':
      await app.verify();
      return null;
  }
}

process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  const order = JSON.parse(line) as Order & { id: number };
  try {
    process.stdout.write(`${JSON.stringify({ id: order.id, value: (await obey(order)) ?? null })}\n`);
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    process.stdout.write(`${JSON.stringify({ id: order.id, error: { code, message } })}\n`);
  }
}
await app.dispose();
