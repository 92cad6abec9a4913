/// The live console at `GET /__admin`: one page, no build step, no CDN, so it works
/// offline and on a projector. The markup is static; `ConsoleScript` fills it by polling the admin
/// routes once a second and never writes server data as HTML.
enum ConsolePage {
    /// The page, loading its script from `scriptPath` (`/__admin/console.js`, or a sandbox's).
    static func html(scriptPath: String) -> String {
        #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Counterpart console</title>
        <style>
          :root { color-scheme: light dark; --ok: #1a7f37; --bad: #cf222e; --warn: #9a6700; --muted: #6e7781; }
          body { font: 20px/1.4 system-ui, sans-serif; margin: 1.5rem; }
          h1 { font-size: 1.6rem; margin: 0 0 1rem; }
          h2 { font-size: 1.2rem; margin: 1.5rem 0 .5rem; }
          section.controls { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: center; }
          input[type=number] { width: 5.5em; font: inherit; }
          button { font: inherit; padding: .3rem .9rem; cursor: pointer; }
          table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
          th, td { text-align: left; padding: .25rem .6rem; border-bottom: 1px solid #8884; white-space: nowrap; }
          td.target { white-space: normal; word-break: break-all; }
          tr.cancelled td, tr.dropped td, tr.timedOut td { color: var(--bad); }
          tr.cancelled td.target { text-decoration: line-through; }
          .badge { font-weight: 600; }
          .status-ok { color: var(--ok); }
          .status-error { color: var(--bad); }
          .muted { color: var(--muted); }
          #error { color: var(--bad); min-height: 1.4em; }
        </style>
        </head>
        <body>
        <h1>Counterpart console <span class="muted" id="summary"></span></h1>
        <section class="controls" aria-label="Demo controls">
          <label><input type="checkbox" id="latency-on"> Latency</label>
          <label>from <input type="number" id="latency-min" min="0" max="8000" value="200"> ms</label>
          <label>to <input type="number" id="latency-max" min="0" max="8000" value="800"> ms</label>
          <label>Fault rate <input type="number" id="fault-rate" min="0" max="1" step="0.05" value="0"></label>
          <button id="apply">Apply</button>
          <button id="reset">Reset</button>
          <button id="clear">Clear journal</button>
        </section>
        <p id="error" role="alert"></p>
        <h2>Requests <span class="muted">(newest first; cancelled requests are struck through)</span></h2>
        <table id="journal">
          <thead><tr><th>Time</th><th>Method</th><th>Request</th><th>Status</th><th>Outcome</th>
          <th>ms</th><th>Delay</th><th>Preference-Applied</th></tr></thead>
          <tbody></tbody>
        </table>
        <h2>Outbox</h2>
        <table id="outbox">
          <thead><tr><th>Sent</th><th>To</th><th>Kind</th><th>Subject</th><th>Links</th></tr></thead>
          <tbody></tbody>
        </table>
        <script src="\#(scriptPath)"></script>
        </body>
        </html>
        """#
    }
}
