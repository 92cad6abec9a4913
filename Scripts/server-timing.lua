-- wrk script: collects app;dur + repo;dur of every answer's Server-Timing header and prints their
-- median and 90th percentile at the end — the server's time on the request, its handling and its
-- wait for effects, without the client or the network.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  samples = {}
end

function response(status, headers, body)
  local timing = headers["Server-Timing"]
  local app = timing and timing:match("app;dur=([%d%.]+)")
  local repo = timing and timing:match("repo;dur=([%d%.]+)")
  if app and repo then samples[#samples + 1] = tonumber(app) + tonumber(repo) end
end

function done(summary, latency, requests)
  local all = {}
  for _, thread in ipairs(threads) do
    for _, value in ipairs(thread:get("samples")) do all[#all + 1] = value end
  end
  table.sort(all)
  if #all > 0 then
    io.write(string.format("server-timing p50 %.3f p90 %.3f n %d\n",
      all[math.floor(#all * 0.5) + 1], all[math.floor(#all * 0.9) + 1], #all))
  end
end
