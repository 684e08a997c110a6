-- wrk script of the ingest benchmark: sends pre-signed, pre-rendered HTTP requests read from a
-- file (see deliveries-file.mjs for the format), each thread its own share of them, so every
-- request is a distinct delivery and Baton's dedupe never answers from memory.
--   wrk -t1 -c64 -d10s -s deliveries.lua http://127.0.0.1:PORT -- FILE THREADS RUN_ID
-- A record may hold one \1 byte: it becomes a fresh id (GitHub's X-GitHub-Delivery is not signed,
-- so one signed body can be sent again as a new delivery). When a thread runs out of records it
-- starts over and counts the requests it repeated; done() prints them, so a run that resent a
-- signed delivery is reported as such instead of passing for a fast one.

local threads = {}

function setup(thread)
  thread:set("thread_index", #threads)
  table.insert(threads, thread)
end

records = {}
next_record = 1
cycling = false
repeated = 0
serial = 0
id_prefix = ""

function init(args)
  local path, thread_count, run_id = args[1], tonumber(args[2]), args[3]
  local file = assert(io.open(path, "rb"))
  local data = file:read("*a")
  file:close()
  local index, position = 0, 1
  while true do
    local stop = string.find(data, "\0", position, true)
    if not stop then break end
    if index % thread_count == thread_index then
      local record = string.sub(data, position, stop - 1)
      local mark = string.find(record, "\1", 1, true)
      if mark then
        records[#records + 1] = { string.sub(record, 1, mark - 1), string.sub(record, mark + 1) }
      else
        records[#records + 1] = { record }
      end
    end
    index = index + 1
    position = stop + 1
  end
  assert(#records > 0, "no records for thread " .. thread_index .. " in " .. path)
  id_prefix = run_id .. "-" .. thread_index .. "-"
end

function request()
  local record = records[next_record]
  next_record = next_record + 1
  if next_record > #records then
    next_record = 1
    cycling = true
  end
  if record[2] then
    serial = serial + 1
    return record[1] .. id_prefix .. serial .. record[2]
  end
  if cycling then repeated = repeated + 1 end
  return record[1]
end

function done(summary, latency, requests)
  local total_repeated = 0
  for _, thread in ipairs(threads) do
    total_repeated = total_repeated + (thread:get("repeated") or 0)
  end
  local errors = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"durationUs":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"statusErrors":%d,"timeouts":%d,"p50Us":%d,"p99Us":%d,"repeated":%d}\n',
    summary.requests, summary.duration, errors.connect, errors.read, errors.write, errors.status,
    errors.timeout, latency:percentile(50), latency:percentile(99), total_repeated))
end
