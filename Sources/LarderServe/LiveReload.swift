/// The live reload of `larder serve`: a script every served page loads,
/// listening to Server-Sent Events. `larder build` output never has it.
///
/// The script is a file of its own, not inline code, so pages keep working
/// under a strict Content-Security-Policy (`script-src 'self'`). It reloads
/// the page on a `reload` event; on an `errors` event it shows the
/// diagnostics in a fixed overlay (built with DOM calls and `textContent`,
/// never HTML strings), which the next good build's `reload` clears.
enum LiveReload {
    static let scriptPath = "/_larder/reload.js"
    static let eventsPath = "/_larder/events"
    static let errorsPath = "/_larder/errors"

    static let tag = Array(#"<script src="/_larder/reload.js" defer></script>"#.utf8)

    /// The page with the script tag before its last `</body>` (or at the end).
    static func inject(into page: [UInt8]) -> [UInt8] {
        let closing = Array("</body>".utf8)
        var index = page.count - closing.count
        while index >= 0 {
            if page[index] == UInt8(ascii: "<"), page[index..<(index + closing.count)].lazy.map(lowercase).elementsEqual(closing) {
                return Array(page[..<index]) + tag + Array(page[index...])
            }
            index -= 1
        }
        return page + tag
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    static let script = #"""
        // larder serve: reload on change, show build errors. Not part of the built site.
        (function () {
          "use strict";
          var build = null;
          var overlay = null;

          function el(tag, text, css) {
            var node = document.createElement(tag);
            if (text != null) node.textContent = text;
            if (css) for (var key in css) node.style[key] = css[key];
            return node;
          }

          function hide() {
            if (overlay) { overlay.remove(); overlay = null; }
          }

          function show(report) {
            hide();
            overlay = el("div", null, {
              position: "fixed", inset: "0", zIndex: "2147483647", overflow: "auto",
              background: "rgba(20, 20, 24, 0.96)", color: "#f4f4f5", padding: "24px",
              font: "14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace"
            });
            overlay.id = "larder-errors";
            overlay.setAttribute("role", "alertdialog");
            overlay.setAttribute("aria-label", "Build errors");
            // First and floated, so the title wraps beside it: placed over
            // the corner, it covered the title's end on a phone (390 px).
            var close = el("button", "Hide", { float: "right", margin: "0 0 8px 12px", font: "inherit", cursor: "pointer" });
            close.type = "button";
            close.addEventListener("click", hide);
            overlay.appendChild(close);
            overlay.appendChild(el("h2", "The site was not rebuilt: " + report.summary, {
              font: "bold 18px/1.4 system-ui, sans-serif", margin: "0 0 4px", color: "#fca5a5"
            }));
            overlay.appendChild(el("p", "The page shows the last good build. Fix the files below; this goes away when they are saved.", {
              font: "14px/1.4 system-ui, sans-serif", margin: "0 0 16px", color: "#d4d4d8"
            }));
            report.problems.forEach(function (p) {
              var box = el("div", null, { margin: "0 0 16px", padding: "12px", background: "#27272a", borderRadius: "6px" });
              var where = p.path ? p.path + (p.line ? ":" + p.line + ":" + p.column : "") + ": " : "";
              box.appendChild(el("div", where + p.severity + ": " + p.message + (p.code ? " [" + p.code + "]" : ""), {
                color: p.severity === "error" ? "#fca5a5" : "#fde68a", fontWeight: "bold", whiteSpace: "pre-wrap"
              }));
              if (p.source != null) {
                var caret = " ".repeat(Math.max(0, (p.column || 1) - 1)) + "^";
                box.appendChild(el("pre", String(p.line).padStart(4) + " | " + p.source + "\n     | " + caret, {
                  margin: "8px 0 0", whiteSpace: "pre-wrap", color: "#e4e4e7"
                }));
              }
              if (p.hint) box.appendChild(el("div", "hint: " + p.hint, { margin: "8px 0 0", color: "#67e8f9", whiteSpace: "pre-wrap" }));
              overlay.appendChild(box);
            });
            document.body.appendChild(overlay);
          }

          // The preview has no service worker (it answers /sw.js with 404):
          // one left on this address by a built site served here before
          // would keep old pages, so it goes.
          if (navigator.serviceWorker) {
            navigator.serviceWorker.getRegistrations().then(function (registrations) {
              registrations.forEach(function (registration) { registration.unregister(); });
            }, function () {});
          }

          var source = new EventSource("/_larder/events");
          source.addEventListener("hello", function (event) {
            // A server restarted, or a rebuild missed while disconnected.
            var data = JSON.parse(event.data);
            if (build !== null && data.build !== build) location.reload();
            build = data.build;
          });
          source.addEventListener("reload", function () { location.reload(); });
          source.addEventListener("errors", function (event) { show(JSON.parse(event.data)); });
        })();

        """#
}
