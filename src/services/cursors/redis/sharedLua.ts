import { CLAIM, lua } from './luaScripts.js';

// The scripts of a namespace's shared fakes: published scripts, and the steps every process takes from them.

/**
 * Replaces what the published head names with a new generation. ARGV: gen, ttl, '1' when its answers choose by `when`,
 * then the items.
 */
export const publishScript = lua(
  'publish',
  `redis.call('UNLINK', KEYS[2])
for i = 4, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
redis.call('HSET', KEYS[1], 'gen', ARGV[1], 'count', #ARGV - 3, 'm', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[2])
if #ARGV > 3 then redis.call('EXPIRE', KEYS[2], ARGV[2]) end
return 1`,
);

/**
 * One faked model's step in one round trip: the published generation, the step's index (replayed for a known step key),
 * the count, and the call recorded in the sent list. Answers {} when nothing is published, { index, count, seq } for
 * the generation the caller named, else { gen, index, count, seq }, so a process reads and prepares a generation's
 * answers once. A `when` generation the caller has not read answers { gen, 'read' } and takes nothing. With no matching
 * answer left, index is -1 - the answers taken. A generation's keys get their life when made: refreshing them at each
 * step would only keep keys no call can use.
 */
export const takeAnswerScript = lua(
  'takeAnswer',
  `local head = redis.call('HMGET', KEYS[1], 'gen', 'count', 'm')
local gen = head[1]
if not gen then return {} end
local matching = head[3] == '1'
if matching and gen ~= ARGV[8] then return { gen, 'read' } end
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
local index, began
if matching then
  local list = ARGV[9]
  ${CLAIM}if index < 0 then index = -1 - tonumber(redis.call('HGET', state, '@') or '0') end
else
  local got = redis.call('HMGET', state, f, '@')
  index = tonumber(got[1])
  began = false
  if not index then
    index = tonumber(got[2] or '0')
    redis.call('HSET', state, '@', index + 1, f, index)
    began = not got[2]
  end
end
if began then
  -- The scope's first step: its state begins, and the scope joins the script's scope set.
  local scopes = p .. 's:fake-model:shared:' .. model .. ':' .. gen
  redis.call('EXPIRE', state, ttl)
  redis.call('SADD', scopes, ARGV[3])
  redis.call('EXPIRE', scopes, ttl)
end
local count = tonumber(head[2])
if gen == ARGV[8] then return { index, count, seq } end
return { gen, index, count, seq }`,
);

/**
 * A faked model's sent calls at one instant: {} when nothing is published, else { gen, seq, entries } (the latest up to
 * seq).
 */
export const readSentScript = lua(
  'readSent',
  `local gen = ARGV[2]
if gen == '' then gen = redis.call('HGET', KEYS[1], 'gen') end
if not gen then return {} end
return { gen, redis.call('HGET', KEYS[1], 'seq') or '0', redis.call('LRANGE', ARGV[1] .. gen, -tonumber(ARGV[3]), -1) }`,
);

/**
 * The shared classifier's next entry in one round trip, retries counted as the fake counts them: {} or { gen, 'entry' |
 * 'retry' | 'exhausted', ... }.
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
