-- wrk script: PATCH the todo at the URL's path with a new description each time — a durable write
-- that every subscriber of /todos/events receives as one `updated` event. (POST /todos would stop
-- at the store's 1,000 todos within a second.)
local counter = 0

function request()
  counter = counter + 1
  return wrk.format("PATCH", nil, { ["Content-Type"] = "application/json" },
    string.format('{"description":"bench %d"}', counter))
end
