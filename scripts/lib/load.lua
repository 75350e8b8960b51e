-- wrk script of scripts/load: counts the answers other than 302 (each wrk thread in its own
-- Lua state, summed in done) and prints one JSON line with the run's figures, which
-- scripts/lib/load_report.py reads. Latencies in microseconds.

local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

non_302 = 0

function response(status, headers, body)
    if status ~= 302 then
        non_302 = non_302 + 1
    end
end

function done(summary, latency, requests)
    local other = 0
    for _, thread in ipairs(threads) do
        other = other + thread:get("non_302")
    end
    local e = summary.errors
    io.write(string.format(
        'WRK_RESULT {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"max_us":%d,'
            .. '"non_302":%d,"socket_errors":%d}\n',
        summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
        latency.max, other, e.connect + e.read + e.write + e.timeout))
end
