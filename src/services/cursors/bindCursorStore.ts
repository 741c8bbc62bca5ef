import type { Bind } from 'inversify';
import type { StandinConfig } from '../../config/configSchema.js';
import { Tokens } from '../../tokens/Tokens.js';
import { MemoryCursorStore } from './MemoryCursorStore.js';
import { createRedisCursorStore, RedisCursorStore } from './RedisCursorStore.js';

/**
 * Binds the container's cursor store as `config.cursors` says: the in-memory store, or a
 * {@link RedisCursorStore} (a singleton per container, connected on first use and closed when
 * the container is disposed).
 */
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
