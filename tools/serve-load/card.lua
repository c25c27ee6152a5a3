-- wrk script for tools/serve-load/run: GET the card template with a title
-- unique to each request (so every request renders; CACHED=1 repeats one
-- title, so all but the first are cache hits), counting answers by status.
local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
  n = 0
  cached = os.getenv("CACHED") == "1"
end

function request()
  n = n + 1
  local title = cached and "Cached" or string.format("Load%%20%d-%d", id, n)
  return wrk.format("GET", "/templates/card.png?title.string=" .. title .. "&badge.backgroundColor=%23FF3B30")
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, t in ipairs(threads) do
    for k, v in pairs(t:get("statuses")) do total[k] = (total[k] or 0) + v end
  end
  for k, v in pairs(total) do io.write(string.format("status %d %d\n", k, v)) end
  io.write(string.format("requests %d\n", summary.requests))
  io.write(string.format("rps %.1f\n", summary.requests / (summary.duration / 1e6)))
  io.write(string.format("p50_ms %.2f\n", latency:percentile(50) / 1000))
  io.write(string.format("p99_ms %.2f\n", latency:percentile(99) / 1000))
  io.write(string.format("socket_errors %d\n",
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
