import { createHash } from 'node:crypto';

/** A Lua script for EVALSHA: its source, and the SHA1 Redis knows it by once loaded. */
export interface LuaScript {
  readonly name: string;
  readonly source: string;
  readonly sha: string;
}

// The SHA is taken on first use: hashing at load would load node:crypto into every program that
// imports standin, Redis or not.
export function lua(name: string, source: string): LuaScript {
  let sha: string | undefined;
  return {
    name,
    source,
    get sha() {
      return (sha ??= createHash('sha1').update(source).digest('hex'));
    },
  };
}

// Every script touches only keys of one store, which share one hash tag: one slot on a Cluster.
// State of one script in one scope is one hash: '@' the cursor, 'k:<step>' a step's index,
// 'v:<entry>' an entry's visits. A set per script lists the scopes it has state in.

/**
 * The store's marker: a key written with the store's first write and kept alive by every later
 * one, so a store that has written can tell its state was lost (FLUSHALL, a restart without
 * persistence, every key expired) rather than start its cursors again from 0. `alive(marker,
 * state, believes, ttl)` answers false when the marker is gone and the store says it wrote
 * (believes '1'), or when the state hash is gone and the store says it wrote that one ('2');
 * otherwise it (re)writes the marker and answers true.
 */
const MARKER = `local function alive(marker, state, believes, ttl)
  if believes == '2' and redis.call('EXISTS', state) == 0 then return false end
  if redis.call('EXISTS', marker) == 0 then
    if believes ~= '0' then return false end
    redis.call('SET', marker, '1', 'EX', ttl)
  else
    redis.call('EXPIRE', marker, ttl)
  end
  return true
end
`;

/** What a script answers when the store's marker is gone while the store says it wrote state. */
export const LOST = 'standin:lost';

/**
 * KEYS: state, scopes, marker. ARGV: step key, scope (encoded), ttl, what the store believes
 * ('0' nothing written, '1' written, '2' this state written too). Answers the step's index, or {@link LOST}. A step
 * seen before reads its index;
 * a new one takes the cursor's and moves it, in one HSET.
 */
export const stepScript = lua(
  'step',
  `${MARKER}if not alive(KEYS[3], KEYS[1], ARGV[4], ARGV[3]) then return '${LOST}' end
local f = 'k:' .. ARGV[1]
local got = redis.call('HMGET', KEYS[1], f, '@')
local index = tonumber(got[1])
if not index then
  index = tonumber(got[2] or '0')
  redis.call('HSET', KEYS[1], '@', index + 1, f, index)
  -- A scope joins the script's scope set when its state begins.
  if not got[2] then redis.call('SADD', KEYS[2], ARGV[2]) end
end
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return index`,
);

/**
 * KEYS: state, scopes, marker. ARGV: field, scope (encoded), ttl, what the store believes (as
 * for the step script). Answers the field's new value, or {@link LOST}.
 */
export const countScript = lua(
  'count',
  `${MARKER}if not alive(KEYS[3], KEYS[1], ARGV[4], ARGV[3]) then return '${LOST}' end
local value = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('SADD', KEYS[2], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return value`,
);

/**
 * KEYS: state, marker. ARGV: what the store believes (as for the step script). Answers the cursor (0 when none), or
 * {@link LOST}.
 */
export const peekScript = lua(
  'peek',
  `if ARGV[1] ~= '0' and redis.call('EXISTS', KEYS[2]) == 0 then return '${LOST}' end
if ARGV[1] == '2' and redis.call('EXISTS', KEYS[1]) == 0 then return '${LOST}' end
return tonumber(redis.call('HGET', KEYS[1], '@') or '0')`,
);

/** KEYS: scopes. ARGV: state key before the scope, state key after it. Answers the scopes that still have state. */
export const scopesScript = lua(
  'scopes',
  `local live = {}
for _, scope in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', ARGV[1] .. scope .. ARGV[2]) == 1 then
    live[#live + 1] = scope
  else
    redis.call('SREM', KEYS[1], scope)
  end
end
return live`,
);

/** KEYS: state, scopes. ARGV: scope (encoded). Forgets one script in one scope. */
export const forgetScript = lua(
  'forget',
  `redis.call('UNLINK', KEYS[1])
redis.call('SREM', KEYS[2], ARGV[1])
return 1`,
);

/**
 * KEYS: the published head (a hash: gen, count), the generation's list. ARGV: gen, ttl, then
 * one item per argument. Replaces what the head names with a new generation.
 */
export const publishScript = lua(
  'publish',
  `redis.call('UNLINK', KEYS[2])
for i = 3, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
redis.call('HSET', KEYS[1], 'gen', ARGV[1], 'count', #ARGV - 2)
redis.call('EXPIRE', KEYS[1], ARGV[2])
if #ARGV > 2 then redis.call('EXPIRE', KEYS[2], ARGV[2]) end
return 1`,
);

/**
 * One faked model's step, in one round trip: the published generation, the step's index in the
 * scope (replayed for a step key seen before), the answer count, and the call recorded in the
 * generation's sent list under the model's next sequence number. KEYS: the model's published
 * head. ARGV: store prefix, model, scope (encoded), step key, ttl, sent entry, most sent entries
 * kept, the generation the caller last answered from ('' for none). Answers {} when nothing is
 * published, { index, count, seq } when the generation is the one the caller named, else
 * { gen, index, count, seq }: the process reads a generation's answers once, and prepares them once.
 *
 * A generation's keys get their life when made, not at every step: its answers expire `ttl`
 * after they were published, and the keys its calls make (made later) outlive them, so
 * refreshing them would only keep keys no call can use.
 */
export const takeAnswerScript = lua(
  'takeAnswer',
  `local head = redis.call('HMGET', KEYS[1], 'gen', 'count')
local gen = head[1]
if not gen then return {} end
local p, model, ttl, keep = ARGV[1], ARGV[2], ARGV[5], tonumber(ARGV[7])
local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
local sent = p .. 'sent:' .. model .. ':' .. gen
local calls = redis.call('RPUSH', sent, ARGV[6])
if calls == 1 then
  redis.call('EXPIRE', sent, ttl)
elseif calls > 2 * keep then
  -- Trimmed once it holds twice the calls kept: once in so many calls.
  redis.call('LTRIM', sent, -keep, -1)
end
local state = p .. 'c:' .. ARGV[3] .. ':fake-model:shared:' .. model .. ':' .. gen
local f = 'k:' .. ARGV[4]
local got = redis.call('HMGET', state, f, '@')
local index = tonumber(got[1])
if not index then
  index = tonumber(got[2] or '0')
  redis.call('HSET', state, '@', index + 1, f, index)
  if not got[2] then
    -- The scope's first step: its state begins, and the scope joins the script's scope set.
    local scopes = p .. 's:fake-model:shared:' .. model .. ':' .. gen
    redis.call('EXPIRE', state, ttl)
    redis.call('SADD', scopes, ARGV[3])
    redis.call('EXPIRE', scopes, ttl)
  end
end
local count = tonumber(head[2])
if gen == ARGV[8] then return { index, count, seq } end
return { gen, index, count, seq }`,
);

/**
 * What a faked model's generation was sent, read at one instant. KEYS: the model's published
 * head. ARGV: the sent list's key without its generation, the generation ('' for the one
 * published now), most sent entries kept. Answers {} when nothing is published, else
 * { gen, seq, entries }: the latest calls numbered up to seq.
 */
export const readSentScript = lua(
  'readSent',
  `local gen = ARGV[2]
if gen == '' then gen = redis.call('HGET', KEYS[1], 'gen') end
if not gen then return {} end
return { gen, redis.call('HGET', KEYS[1], 'seq') or '0', redis.call('LRANGE', ARGV[1] .. gen, -tonumber(ARGV[3]), -1) }`,
);

/**
 * The shared classifier's next entry in one round trip, retry entries counted as the fake counts
 * them. KEYS: the published head. ARGV: store prefix, scope (encoded), ttl. Answers {} when
 * nothing is published, else { gen, 'entry', json } | { gen, 'retry' } | { gen, 'exhausted', count }.
 */
export const takeEntryScript = lua(
  'takeEntry',
  `local gen = redis.call('HGET', KEYS[1], 'gen')
if not gen then return {} end
local p, ttl = ARGV[1], ARGV[3]
local script = 'classification:shared:' .. gen
local state = p .. 'c:' .. ARGV[2] .. ':' .. script
local scopes = p .. 's:' .. script
local entries = p .. 'e:' .. gen
redis.call('SADD', scopes, ARGV[2])
redis.call('EXPIRE', scopes, ttl)
local n = redis.call('LLEN', entries)
local at = tonumber(redis.call('HGET', state, '@') or '0')
local function done(...)
  redis.call('EXPIRE', state, ttl)
  return { gen, ... }
end
if at >= n then
  redis.call('HINCRBY', state, '@', 1)
  return done('exhausted', n)
end
local raw = redis.call('LINDEX', entries, at)
local entry = cjson.decode(raw)
while entry.kind == 'retry' do
  local visits = redis.call('HINCRBY', state, 'v:' .. at, 1)
  if visits < tonumber(entry['until']) then return done('retry') end
  redis.call('HINCRBY', state, '@', 1)
  at = at + 1
  if at >= n then return done('exhausted', n) end
  raw = redis.call('LINDEX', entries, at)
  entry = cjson.decode(raw)
end
redis.call('HINCRBY', state, '@', 1)
return done('entry', raw)`,
);

/**
 * KEYS: state, released, scopes. ARGV: scope (encoded), ttl, examples kept per position.
 * Forgets one script in one released scope, counting how far its cursor went. Answers that position.
 */
export const releaseScript = lua(
  'release',
  `local at = tonumber(redis.call('HGET', KEYS[1], '@') or '0')
redis.call('UNLINK', KEYS[1])
redis.call('SREM', KEYS[3], ARGV[1])
if at > 0 then
  local n = redis.call('HINCRBY', KEYS[2], 'n:' .. at, 1)
  if n <= tonumber(ARGV[3]) then redis.call('HSET', KEYS[2], 'e:' .. at .. ':' .. n, ARGV[1]) end
  redis.call('EXPIRE', KEYS[2], ARGV[2])
end
return at`,
);
