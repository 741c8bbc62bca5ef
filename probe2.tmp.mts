import { requestsSurface } from './test/fuzz/surfaces.js';
const trap = new Proxy({}, { get: () => { throw new Error('trap'); }, ownKeys: () => { throw new Error('trap'); } });
for (const method of ['reply','stream','run','classify','embed','rank','call'] as const) {
  for (const [label, input] of [['model', { method, model: trap, request: { messages: 'hi' }, options: undefined }], ['request', { method, model: 'backup', request: trap, options: undefined }], ['options', { method, model: 'backup', request: { messages: 'hi' }, options: trap }]] as const) {
    try { await requestsSurface.attempt(input as never); console.log(method, label, 'accepted'); } catch (e) { console.log(method, label, (e as Error).message.slice(0, 100)); }
  }
}
