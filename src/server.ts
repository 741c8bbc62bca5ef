// The wire server entry (`standin/server`): scripted fakes over the providers' own HTTP protocols, recording through
// them, and the check of a cassette's recordings against the live providers (`standin cassettes check`).
export type { FakeServerSettings, RecordSettings } from './server/FakeServerSettings.js';
export type { Scripts } from './server/scriptsSchema.js';
export type { SentEntry } from './server/SentEntry.js';
export type { WireErrorDetails } from './server/WireError.js';
export type { CassetteCheck, CheckCassetteSettings, CheckedEntry } from './server/checkCassette.js';
export { FakeServer } from './server/FakeServer.js';
export { createFakeServer, TOKEN_VARIABLE } from './server/createFakeServer.js';
export { DEFAULT_SENT_LIMIT } from './server/SentLog.js';
export { DEFAULT_BODY_LIMIT } from './server/readBody.js';
export { SCOPE_HEADER, SCOPE_KEY_PREFIX } from './server/resolveScope.js';
export { scriptsSchema } from './server/scriptsSchema.js';
export { WireError } from './server/WireError.js';
export { checkCassette, DEFAULT_UNITS_TOLERANCE } from './server/checkCassette.js';
