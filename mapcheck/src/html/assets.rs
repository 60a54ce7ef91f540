//! The page's own style sheet and script, inlined so that the page fetches nothing.

pub(super) const CSS: &str = r#"
body { font-family: system-ui, sans-serif; margin: 16px; color: #222; background: #fff; }
h1 { font-size: 20px; margin: 0 0 6px; }
h2 { font-size: 17px; margin: 0 0 6px; }
h3 { font-size: 15px; margin: 10px 0 4px; }
section.picture { border-top: 2px solid #ccc; padding: 10px 0 16px; }
pre.facts { background: #f6f6f6; padding: 6px 8px; margin: 4px 0; font-size: 13px; }
p.note, p.limits, p.divergence { margin: 4px 0; font-size: 13px; }
p.limits { color: #555; }
p.divergence { color: #a00; font-weight: 600; }
p.legend svg { vertical-align: middle; }
div.row { display: flex; flex-wrap: wrap; gap: 14px; align-items: flex-start; }
div.run { overflow-x: auto; flex: 0 1 auto; max-width: 100%; }
div.source { flex: 1 1 420px; min-width: 320px; max-width: 900px; }
div.filename { font: 600 12px monospace; color: #555; }
pre.src { font: 13px/1.45 monospace; margin: 0; border: 1px solid #ddd; padding: 4px 0; overflow-x: auto; }
pre.src .ln { display: block; padding: 0 8px 0 0; cursor: pointer; }
pre.src .no { display: inline-block; width: 3.2em; color: #999; text-align: right; margin-right: 10px; user-select: none; }
pre.src .acc { background: #eef4ff; }
pre.src .sync { background: #f0f0f0; }
pre.src .race { background: #ffe3e3; }
pre.src .hover, pre.src .picked { background: #ffd84d; outline: 1px solid #c90; }
p.info { font: 13px monospace; min-height: 1.4em; color: #333; }
svg text { font: 11px monospace; fill: #222; }
svg text.head { font: 600 12px monospace; }
svg text.phase { font: 600 12px sans-serif; }
svg text.phasename { font: 11px sans-serif; fill: #555; }
svg text.more { fill: #777; font-style: italic; }
svg tspan.tname { fill: #b00; font-weight: 700; }
svg rect.blockhead { fill: #e8e8f4; }
svg rect.band.even { fill: #fafafa; }
svg rect.band.odd { fill: #f1f3f7; }
svg rect.gap { fill: #fff; stroke: #ccc; stroke-dasharray: 2 3; }
svg line.lane { stroke: #d6d6d6; }
svg path.barrier { stroke: #444; stroke-width: 2; stroke-dasharray: 8 4; fill: none; }
svg path.end { stroke: #bbb; stroke-width: 1; fill: none; }
svg .mark { cursor: pointer; }
svg .mark.read circle, svg circle.read { fill: #fff; stroke: #1f5fbf; stroke-width: 2; }
svg .mark.write rect, svg rect.write { fill: #d9480f; }
svg .mark.atomic path, svg path.atomic { fill: #7b2fbf; }
svg .mark.hover text, svg .mark.picked text { font-weight: 700; fill: #000; }
svg .mark.hover circle, svg .mark.picked circle, svg .mark.hover rect, svg .mark.picked rect,
svg .mark.hover path, svg .mark.picked path { stroke: #c90; stroke-width: 3; }
svg path.race-link { stroke: #d00; stroke-width: 2; fill: none; opacity: 0.8; cursor: pointer; }
svg path.race-link.benign { stroke: #e08a00; stroke-dasharray: 6 3; }
svg path.race-link.focus { stroke-width: 4; opacity: 1; }
svg path.race-link.hover, svg path.race-link.picked { stroke: #c90; stroke-width: 4; }
ol.races li { font-size: 13px; margin: 2px 0; cursor: pointer; }
ol.races li.focus { font-weight: 700; }
ol.races li.hover, ol.races li.picked { background: #fff3c4; }
"#;

/// Wires hovering and clicking; marks the page loaded (`data-mapcheck-ready` on the root).
pub(super) const SCRIPT: &str = r#"
(function () {
  "use strict";
  var wired = 0;
  var sections = document.querySelectorAll("section.picture");
  for (var s = 0; s < sections.length; s++) {
    (function (sec) {
      var info = sec.querySelector("p.info");
      function clear(cls) {
        var on = sec.querySelectorAll("." + cls);
        for (var i = 0; i < on.length; i++) { on[i].classList.remove(cls); }
      }
      function lit(el, cls) {
        clear(cls);
        el.classList.add(cls);
        var lines = (el.getAttribute("data-lines") || "").split(" ");
        var first = null;
        for (var i = 0; i < lines.length; i++) {
          if (!lines[i]) { continue; }
          var ln = sec.querySelector('pre.src .ln[data-line="' + lines[i] + '"]');
          if (ln) { ln.classList.add(cls); first = first || ln; }
        }
        if (info && el.getAttribute("data-text")) { info.textContent = el.getAttribute("data-text"); }
        return first;
      }
      var items = sec.querySelectorAll("[data-lines]");
      for (var i = 0; i < items.length; i++) {
        (function (el) {
          if (!el.getAttribute("data-lines")) { return; }
          el.addEventListener("mouseenter", function () { lit(el, "hover"); });
          el.addEventListener("mouseleave", function () { clear("hover"); });
          el.addEventListener("click", function () {
            var ln = lit(el, "picked");
            if (ln && ln.scrollIntoView) { ln.scrollIntoView({ block: "nearest" }); }
          });
          wired++;
        })(items[i]);
      }
      function pickLine(ln) {
        clear("picked");
        ln.classList.add("picked");
        var n = ln.getAttribute("data-line");
        var marks = sec.querySelectorAll('.mark[data-line="' + n + '"]');
        for (var k = 0; k < marks.length; k++) { marks[k].classList.add("picked"); }
        if (info) { info.textContent = marks.length + " access(es) drawn for line " + n; }
      }
      var lines = sec.querySelectorAll("pre.src .ln");
      for (var j = 0; j < lines.length; j++) {
        (function (ln) {
          ln.addEventListener("click", function () { pickLine(ln); });
        })(lines[j]);
      }
      // A link to the page ending in `#line=N` opens it with line N and its accesses picked.
      var wanted = /^#line=([0-9]+)$/.exec(window.location.hash);
      if (wanted) {
        var ln = sec.querySelector('pre.src .ln[data-line="' + wanted[1] + '"]');
        if (ln) { pickLine(ln); }
      }
    })(sections[s]);
  }
  document.documentElement.setAttribute("data-mapcheck-ready", String(wired));
})();
"#;
