await import('reflect-metadata'); await import('inversify'); await import('zod');
await import('./src/testing.ts'); await import('./src/index.ts'); await import('./src/nest.ts');
