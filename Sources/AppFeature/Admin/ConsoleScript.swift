/// The console page's script (`GET /__admin/console.js`): follows the journal as it is recorded
/// (`EventSource` on `/__admin/requests/events`, reading the list again each time it opens), polls
/// the outbox once a second, and drives the run-time flags, the journal's clearing and the reset.
/// Server data is written with `textContent` and `href` only, never as markup.
enum ConsoleScript {
    static let javascript = #"""
        "use strict";
        const $ = (id) => document.getElementById(id);
        const base = location.pathname.replace(/\/__admin\/?$/, "");

        async function call(method, path, body) {
          const init = { method, headers: { Accept: "application/json" }, cache: "no-store" };
          if (body !== undefined) {
            init.headers["Content-Type"] = "application/json";
            init.body = JSON.stringify(body);
          }
          const response = await fetch(base + path, init);
          if (!response.ok) {
            const problem = await response.json().catch(() => ({}));
            throw new Error(problem.detail || `${method} ${path}: ${response.status}`);
          }
          return response.status === 204 ? null : response.json();
        }

        function cell(row, text, className) {
          const td = row.insertCell();
          td.textContent = text;
          if (className) td.className = className;
          return td;
        }

        // The journal as shown, by request id — an entry both listed and streamed (it was recorded while
        // the list was read) is shown once — each with its rank in recording order, newest highest.
        const journal = new Map();
        const shown = 100;
        let nextRank = 0;
        // What streamed in while the list was being read: kept when the list replaces the rest.
        let streamedDuringLoad = null;
        const newest = () => [...journal.values()].sort((a, b) => b.rank - a.rank).slice(0, shown);

        function showJournal() {
          const entries = newest().map((ranked) => ranked.entry);
          const body = $("journal").tBodies[0];
          body.replaceChildren();
          for (const entry of entries) {
            const row = body.insertRow();
            row.className = entry.outcome;
            row.dataset.id = entry.id;
            cell(row, new Date(entry.receivedAt).toLocaleTimeString());
            cell(row, entry.method);
            cell(row, entry.path + (entry.query ? "?" + entry.query : ""), "target");
            const status = entry.status === null ? "—" : String(entry.status);
            cell(row, status, entry.status !== null && entry.status < 400 ? "status-ok" : "status-error");
            cell(row, entry.outcome, "badge outcome");
            cell(row, entry.durationMs.toFixed(1));
            cell(row, entry.injectedDelayMs ? entry.injectedDelayMs.toFixed(0) : "");
            cell(row, entry.preferenceApplied || "", "muted");
          }
        }

        function showOutbox(mails) {
          const body = $("outbox").tBodies[0];
          body.replaceChildren();
          for (const mail of mails) {
            const row = body.insertRow();
            cell(row, new Date(mail.sentAt).toLocaleTimeString());
            cell(row, mail.to);
            cell(row, mail.kind);
            cell(row, mail.subject);
            const links = row.insertCell();
            for (const [label, href] of [["Confirm", mail.links.confirm], ["Unsubscribe", mail.links.unsubscribe]]) {
              if (!href) continue;
              const anchor = document.createElement("a");
              anchor.href = href;
              anchor.target = "_blank";
              anchor.rel = "noreferrer";
              anchor.textContent = label;
              links.append(anchor, " ");
            }
          }
        }

        function showControls(flags) {
          $("latency-on").checked = flags.latency !== null;
          if (flags.latency) {
            $("latency-min").value = flags.latency.minMs;
            $("latency-max").value = flags.latency.maxMs;
          }
          $("fault-rate").value = flags.faultRate;
        }

        function record(entry) {
          if (!journal.has(entry.id)) journal.set(entry.id, { entry, rank: nextRank++ });
          if (journal.size > 2 * shown) {
            const kept = newest();
            journal.clear();
            for (const ranked of kept) journal.set(ranked.entry.id, ranked);
          }
        }

        async function loadJournal() {
          try {
            streamedDuringLoad = [];
            const entries = await call("GET", `/__admin/requests?limit=${shown}`);
            journal.clear();
            for (const entry of entries.reverse()) record(entry);
            for (const entry of streamedDuringLoad) record(entry);
            showJournal();
          } catch (error) {
            $("error").textContent = error.message;
          } finally {
            streamedDuringLoad = null;
          }
        }

        async function refresh() {
          try {
            showOutbox(await call("GET", "/__admin/outbox?limit=20"));
            $("error").textContent = "";
          } catch (error) {
            $("error").textContent = error.message;
          }
        }

        async function act(work) {
          try {
            await work();
            $("error").textContent = "";
          } catch (error) {
            $("error").textContent = error.message;
          }
          await Promise.all([loadJournal(), refresh()]);
        }

        $("apply").addEventListener("click", () => act(async () => {
          const latency = $("latency-on").checked
            ? { minMs: Number($("latency-min").value), maxMs: Number($("latency-max").value) }
            : null;
          showControls(await call("PATCH", "/__admin/controls", { latency, faultRate: Number($("fault-rate").value) }));
        }));
        $("reset").addEventListener("click", () => act(async () => {
          const summary = await call("POST", "/__admin/reset");
          $("summary").textContent = `seed ${summary.seed}: ${summary.todos} todos, ${summary.subscribers} subscribers`;
        }));
        $("clear").addEventListener("click", () => act(() => call("DELETE", "/__admin/requests")));

        call("GET", "/__admin/controls").then(showControls, (error) => { $("error").textContent = error.message; });
        // Opened again by the browser after a drop; each opening reads the list, so nothing is missed.
        const requests = new EventSource(base + "/__admin/requests/events");
        requests.addEventListener("open", loadJournal);
        requests.addEventListener("message", (event) => {
          const entry = JSON.parse(event.data);
          if (streamedDuringLoad) streamedDuringLoad.push(entry);
          record(entry);
          showJournal();
        });
        refresh();
        setInterval(refresh, 1000);
        """#
}
