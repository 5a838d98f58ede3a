/// The page's stylesheet and script, compiled into the binary (a `herald` executable copied
/// anywhere still serves them; no resource bundle to lose). No framework, no build step.
enum StaticAssets {
    static let stylesheetPath = "/static/herald-1.css"
    static let scriptPath = "/static/herald-1.js"
    static let iconPath = "/static/herald-1.svg"

    /// The tab icon: a newspaper-ish "H".
    static let icon = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#2563eb"/>\
    <path d="M9 8v16M23 8v16M9 16h14" stroke="#fff" stroke-width="4" stroke-linecap="round"/></svg>
    """

    static let stylesheet = """
    :root { color-scheme: light dark; --accent: #2563eb; --muted: #6b7280; --bad: #b91c1c; --line: #8884; }
    * { box-sizing: border-box; }
    body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 0 1rem 3rem; }
    header nav { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; padding: .75rem 0;
                 border-bottom: 1px solid var(--line); }
    header nav a[aria-current] { font-weight: 700; }
    nav.trail { border: 0; padding: .25rem 0; font-size: .9rem; color: var(--muted); }
    a { color: var(--accent); text-decoration: none; } a:hover { text-decoration: underline; }
    form.inline { display: inline; margin: 0; }
    button { font: inherit; cursor: pointer; }
    #activity .progress { padding: .25rem 0; } #activity progress { width: 12rem; margin: 0 .5rem; }
    #activity .error { background: #fee2e2; color: #7f1d1d; padding: .5rem; border-radius: .25rem; }
    #activity .notice { background: #e0f2fe; color: #0c4a6e; padding: .5rem; border-radius: .25rem; margin: .25rem 0; }
    .rows { list-style: none; padding: 0; margin: 0; }
    .row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: baseline; padding: .4rem .5rem;
           border-bottom: 1px solid var(--line); }
    .row .row-link { flex: 1 1 20rem; } .row.unread .row-link { font-weight: 700; }
    .row.selected { outline: 2px solid var(--accent); outline-offset: -2px; }
    .row.failing .health, .row.gone .health, .failed { color: var(--bad); }
    .meta, .count, .hint, .summary { color: var(--muted); font-size: .9rem; }
    .actions a { margin-left: .5rem; font-size: .9rem; }
    .star { border: 0; background: none; font-size: 1.1rem; } .star.on { color: #d97706; }
    .toolbar { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; }
    .pager { display: flex; justify-content: space-between; padding: 1rem 0; }
    article .body img { max-width: 100%; height: auto; } article .body pre { overflow-x: auto; }
    mark { background: #fde68a; color: inherit; }
    .dialog { border: 1px solid var(--line); border-radius: .5rem; padding: 1rem 1.5rem; margin-top: 2rem; }
    .dialog.destructive button.danger { background: var(--bad); color: white; border: 0; padding: .4rem .8rem; }
    .subscribe { margin-top: 2rem; border-top: 1px solid var(--line); }
    .subscribe form { margin: .5rem 0; display: flex; flex-wrap: wrap; gap: .5rem; }
    footer { margin-top: 2rem; color: var(--muted); font-size: .9rem; }
    """

    /// Keyboard shortcuts matching the terminal's, and the Container's bar kept live through
    /// server-sent events (`/events`). Everything it does also works without it.
    static let script = """
    "use strict";
    (function () {
      var rows = [], selected = -1, pendingG = false;
      function collectRows() { rows = Array.prototype.slice.call(document.querySelectorAll("main .row")); }
      function select(index) {
        if (!rows.length) return;
        index = Math.max(0, Math.min(rows.length - 1, index));
        if (selected >= 0 && rows[selected]) rows[selected].classList.remove("selected");
        selected = index; rows[selected].classList.add("selected");
        rows[selected].scrollIntoView({ block: "nearest" });
      }
      function clickKey(key, scope) {
        var element = (scope || document).querySelector('[data-key="' + key + '"]');
        if (!element) return false;
        if (element.tagName === "A") { window.location.href = element.href; } else { element.click(); }
        return true;
      }
      function openSelected() {
        if (selected < 0) return false;
        var link = rows[selected].querySelector("a.row-link");
        if (link) { window.location.href = link.href; return true; }
        return false;
      }
      document.addEventListener("keydown", function (event) {
        var target = event.target;
        if (event.ctrlKey || event.metaKey || event.altKey) return;
        if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)) {
          if (event.key === "Escape") target.blur();
          return;
        }
        var key = event.key, handled = true;
        if (pendingG) {
          pendingG = false;
          var places = { f: "/", u: "/unread", s: "/starred", a: "/all" };
          if (places[key]) { window.location.href = places[key]; event.preventDefault(); }
          return;
        }
        switch (key) {
          case "j": select(selected + 1); break;
          case "k": select(selected < 0 ? 0 : selected - 1); break;
          case "Enter": handled = openSelected(); break;
          case "o": handled = openSelected() || clickKey("o"); break;
          case "s": handled = selected >= 0 ? clickKey("s", rows[selected]) : clickKey("s"); break;
          case "/": var box = document.getElementById("search-box"); if (box) box.focus(); break;
          case "g": pendingG = true; break;
          case "q": case "Backspace": window.history.back(); break;
          case "?": window.location.href = "/help"; break;
          default: handled = clickKey(key);
        }
        if (handled) event.preventDefault();
      });
      collectRows();
      if (!window.EventSource) return;
      var bar = document.getElementById("activity");
      var source = new EventSource("/events");
      source.addEventListener("container", function (event) {
        var fresh = document.createElement("div");
        fresh.innerHTML = event.data;
        var replacement = fresh.querySelector("#activity");
        if (bar && replacement) { bar.replaceWith(replacement); bar = replacement; }
      });
    })();
    """
}
