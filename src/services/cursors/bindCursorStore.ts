import type { Bind } from 'inversify';
import type { StandinConfig } from '../../config/configSchema.js';
import { Tokens } from '../../tokens/Tokens.js';
import { MemoryCursorStore } from './MemoryCursorStore.js';
import { createRedisCursorStore, RedisCursorStore } from './RedisCursorStore.js';

/** Binds the cursor store `config.cursors` names; a Redis store is one per container, closed with it. */
export function bindCursorStore(bind: Bind, config: StandinConfig): void {
  const cursors = config.cursors;
  if (typeof cursors !== 'object' || cursors.store !== 'redis') {
    bind(Tokens.CursorStore)
      .to(MemoryCursorStore)
      .inSingletonScope()
      .onDeactivation((store) => {
        if (store instanceof MemoryCursorStore) store.close();
      });
    return;
  }
  bind(Tokens.CursorStore)
    .toDynamicValue(() => createRedisCursorStore(cursors))
    .inSingletonScope()
    .onDeactivation(async (store) => {
      if (store instanceof RedisCursorStore) await store.close();
    });
}
