-- wrk script: POST /newsletter/subscriptions, each request a real sign-up (a durable write of a
-- subscriber and its token). By default every request signs up a new address; with MIX set,
-- requests rotate between confirmed@example.com, pending@example.com and a new address, and the
-- server's time (Server-Timing app;dur + repo;dur: its handling and the write) is reported per
-- kind — the no-enumeration check, which needs one connection (-c1) so that answers arrive in the
-- order of the requests. RUN keeps the addresses of separate runs apart. Prints the median and
-- 90th percentile and the statuses seen.
local counter = 0
local mix = os.getenv("MIX")
local run = os.getenv("RUN") or tostring(os.time())
local kinds = { "confirmed@example.com", "pending@example.com", "new" }
-- wrk copies only flat tables between threads: one sample list per kind, by name.
local lists = { all = "samples_all", ["confirmed@example.com"] = "samples_confirmed",
  ["pending@example.com"] = "samples_pending", new = "samples_new" }
local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  for _, name in pairs(lists) do _G[name] = {} end
  statuses = {}
  sent = {}
end

function request()
  counter = counter + 1
  local kind = mix and kinds[counter % #kinds + 1] or "new"
  if mix then sent[#sent + 1] = kind end
  local email = kind
  if kind == "new" then email = string.format("bench-%s-%d-%d@example.com", run, id, counter) end
  return wrk.format("POST", "/newsletter/subscriptions", { ["Content-Type"] = "application/json" },
    '{"email":"' .. email .. '"}')
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  local kind = mix and table.remove(sent, 1) or "new"
  local timing = headers["Server-Timing"]
  local app = timing and timing:match("app;dur=([%d%.]+)")
  local repo = timing and timing:match("repo;dur=([%d%.]+)")
  if app and repo then
    local server = tonumber(app) + tonumber(repo)
    local all, own = _G[lists.all], _G[lists[kind]]
    all[#all + 1] = server
    if mix then own[#own + 1] = server end
  end
end

local function percentiles(values)
  table.sort(values)
  return values[math.floor(#values * 0.5) + 1], values[math.floor(#values * 0.9) + 1]
end

function done(summary, latency, requests)
  local merged, seen = {}, {}
  for kind, name in pairs(lists) do merged[kind] = {} end
  for _, thread in ipairs(threads) do
    for kind, name in pairs(lists) do
      for _, value in ipairs(thread:get(name)) do merged[kind][#merged[kind] + 1] = value end
    end
    for status, count in pairs(thread:get("statuses")) do seen[status] = (seen[status] or 0) + count end
  end
  local parts = {}
  for status, count in pairs(seen) do parts[#parts + 1] = status .. "=" .. count end
  if #merged.all > 0 then
    local p50, p90 = percentiles(merged.all)
    io.write(string.format("server-timing p50 %.3f p90 %.3f n %d statuses %s\n", p50, p90, #merged.all,
      table.concat(parts, ",")))
  end
  if mix then
    for _, kind in ipairs(kinds) do
      if #merged[kind] > 0 then
        local p50, p90 = percentiles(merged[kind])
        io.write(string.format("kind %s p50 %.3f p90 %.3f n %d\n", kind, p50, p90, #merged[kind]))
      end
    end
  end
end
