/**
 * Runs every benchmark (`npm run bench`), or those whose name contains an argument
 * (`npm run bench -- engine`). Never part of `npm test`: figures are printed beside a baseline
 * measured in the same run, never asserted.
 */
import 'reflect-metadata';

interface Bench {
  readonly name: string;
  readonly run: () => Promise<void>;
}

const benches: Bench[] = [
  { name: 'foundation', run: async () => (await import('./foundation.bench.js')).default() },
  { name: 'engine', run: async () => (await import('./engine.bench.js')).default() },
  { name: 'fakeModel', run: async () => (await import('./fakeModel.bench.js')).default() },
  { name: 'classification', run: async () => (await import('./classification.bench.js')).default() },
  { name: 'nest', run: async () => (await import('./nest.bench.js')).default() },
  { name: 'streamParse', run: async () => (await import('./streamParse.bench.js')).default() },
  { name: 'importCost', run: async () => (await import('./importCost.bench.js')).default() },
  { name: 'redisStore', run: async () => (await import('./redisStore.bench.js')).default() },
  { name: 'cassette', run: async () => (await import('./cassette.bench.js')).default() },
  { name: 'cassetteLoad', run: async () => (await import('./cassetteLoad.bench.js')).default() },
  { name: 'aiSdk', run: async () => (await import('./aiSdk.bench.js')).default() },
  { name: 'server', run: async () => (await import('./server.bench.js')).default() },
  { name: 'replyPeers', run: async () => (await import('./replyPeers.bench.js')).default() },
  { name: 'freshRun', run: async () => (await import('./freshRun.bench.js')).default() },
  { name: 'streamFirst', run: async () => (await import('./streamFirst.bench.js')).default() },
  { name: 'fakeMemory', run: async () => (await import('./fakeMemory.bench.js')).default() },
  { name: 'fitting', run: async () => (await import('./fitting.bench.js')).default() },
  { name: 'closedScopes', run: async () => (await import('./closedScopes.bench.js')).default() },
  { name: 'scopedLayers', run: async () => (await import('./scopedLayers.bench.js')).default() },
  { name: 'setUp', run: async () => (await import('./setUp.bench.js')).default() },
];

const filters = process.argv.slice(2);
console.log(`# standin benchmarks — node ${process.version}, ${new Date().toISOString()}`);
console.log('Figures are medians per operation; each is printed beside a baseline measured in the same run.');
for (const bench of benches) {
  if (filters.length > 0 && !filters.some((f) => bench.name.includes(f))) continue;
  await bench.run();
}
