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
 * The store's marker, kept alive by every write, so a store that wrote can tell its state was lost (FLUSHALL, a restart
 * without persistence, expiry) rather than start its cursors again from 0. `alive` answers false when the marker is
 * gone and the store wrote (believes '1'), or the state hash is gone and the store wrote it ('2').
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
 * KEYS: state, scopes, marker. ARGV: step key, scope, ttl, what the store believes ('0' nothing, '1' written, '2' this
 * state too). Answers the step's index (a step seen before reads its own), or {@link LOST}.
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
 * Takes a step's entry among candidates ('t:<entry>' marks one taken); sets `index` (-1 when all were taken) and
 * `began`.
 */
export const CLAIM = `index = tonumber(redis.call('HGET', state, f))
began = false
if not index then
  index = -1
  for c in string.gmatch(list, '%d+') do
    if redis.call('HSETNX', state, 't:' .. c, 1) == 1 then
      index = tonumber(c)
      began = redis.call('HINCRBY', state, '@', 1) == 1
      redis.call('HSET', state, f, index)
      break
    end
  end
end
`;

/**
 * As the step script, with the candidates last in ARGV. Answers the entry taken (-1 when every one was), or {@link
 * LOST}.
 */
export const claimScript = lua(
  'claim',
  `${MARKER}if not alive(KEYS[3], KEYS[1], ARGV[4], ARGV[3]) then return '${LOST}' end
local state, f, list = KEYS[1], 'k:' .. ARGV[1], ARGV[5]
local index, began
${CLAIM}if began then redis.call('SADD', KEYS[2], ARGV[2]) end
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return index`,
);

/** KEYS: state, scopes, marker. ARGV: field, scope, ttl, belief. Answers the field's new value, or {@link LOST}. */
export const countScript = lua(
  'count',
  `${MARKER}if not alive(KEYS[3], KEYS[1], ARGV[4], ARGV[3]) then return '${LOST}' end
local value = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('SADD', KEYS[2], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return value`,
);

/** KEYS: state, marker. ARGV: belief. Answers the cursor (0 when none), or {@link LOST}. */
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

/** Forgets one script in one released scope, counting where its cursor stood. KEYS: state, released, scopes. */
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
