import { MemoryCursorStore } from '../../../src/index.js';
import { cursorStoreSuite } from './cursorStoreSuite.js';

cursorStoreSuite('MemoryCursorStore', () => new MemoryCursorStore());
