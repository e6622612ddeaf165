// queuelab live simulator page: the trend charts, hand-drawn SVG — the
// simulation, the formula twin, goal lines, thresholds, actions and
// scenario events. Part of app.js (it uses its helpers and state).
"use strict";

// ---------- trend charts (hand-drawn SVG) ----------
function renderCharts() {
  const box = $("charts");
  const twinOn = $("twin").checked && app.st.hasTwin;
  const length = Math.max(app.st.length, app.rows.length, 1);
  const byCol = goalColumns(app.st.goals || [], app.columns);
  const charts = [];
  app.columns.forEach((col, i) => {
    if (!col.headline) return;
    const ys = app.rows.map((r) => r[i]);
    const ts = twinOn ? app.twin.map((r) => r[i]) : [];
    const refs = [];
    if (col.status) {
      refs.push({ v: col.status.warning, c: COLORS.warn, label: t("warning threshold") });
      refs.push({ v: col.status.critical, c: COLORS.bad, label: t("critical threshold") });
    }
    for (const g of byCol.get(i) || []) refs.push({ v: g.target, c: COLORS.good, label: t("goal target"), goal: true });
    charts.push(chart(col, ys, ts, refs, length));
  });
  box.replaceChildren(...charts);
}

// goalColumns assigns each goal to the column it is about, as the report
// package's GoalsFor does: same unit, most words shared between the
// column's label or key and the goal's name; no shared word, no line.
const STOP = new Set(["the", "of", "on", "in", "at", "by", "from", "mean", "per", "so", "far", "end", "and", "every", "minute", "minutes", "run"]);
function words(s) {
  const out = new Set();
  for (const f of String(s).toLowerCase().split(/[^a-z0-9]+/)) {
    if (f.length < 2 || STOP.has(f)) continue;
    out.add(f);
    if (f.length > 3 && f.endsWith("s")) out.add(f.slice(0, -1));
  }
  return out;
}
function goalColumns(goals, cols) {
  const out = new Map();
  goals.forEach((g) => {
    const gw = words(g.name);
    let best = -1, score = 0;
    cols.forEach((c, i) => {
      if (!c.unit || c.unit !== g.unit) return;
      let n = 0;
      for (const w of words(c.label + " " + c.key.replace(/_/g, " "))) if (gw.has(w)) n++;
      if (n > score) { best = i; score = n; }
    });
    if (best >= 0) out.set(best, (out.get(best) || []).concat([g]));
  });
  return out;
}

function chart(col, ys, ts, refs, length) {
  const W = 320, H = 130, L = 44, R = 8, T = 8, B = 18;
  const vals = ys.concat(ts).filter((v) => v !== null).map((v) => scaled(v, col.unit));
  const refv = refs.map((r) => scaled(r.v, col.unit));
  let lo = Math.min(...vals, ...refv), hi = Math.max(...vals, ...refv);
  if (!isFinite(lo)) { lo = 0; hi = 1; }
  if (col.unit === "%" || col.unit === "‰" || lo > 0) lo = Math.min(lo, 0) === 0 && lo < hi * 0.6 ? 0 : lo;
  if (hi - lo < 1e-9) { hi = lo + Math.max(1, Math.abs(lo) * 0.1); }
  const pad = (hi - lo) * 0.08;
  if (lo !== 0) lo -= pad;
  hi = col.unit === "%" && hi <= 100 && hi > 90 ? 100 : hi + pad;
  const x = (m) => L + ((W - L - R) * m) / Math.max(1, length);
  const y = (v) => T + (H - T - B) * (1 - (scaled(v, col.unit) - lo) / (hi - lo));
  const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", role: "img", "aria-label": t("{0} per minute", tm(col.label)) });
  s.append(svg("rect", { x: L, y: T, width: W - L - R, height: H - T - B, fill: "none", stroke: "#27313d" }));
  for (const f of [0, 0.5, 1]) {
    const v = lo + (hi - lo) * f, yy = T + (H - T - B) * (1 - f);
    const tx = svg("text", { x: L - 4, y: yy + 3, "text-anchor": "end" }); tx.textContent = short(v); s.append(tx);
  }
  for (const m of [0, Math.round(length / 2), length]) {
    const anchor = m === 0 ? "start" : m === length ? "end" : "middle";
    const tx = svg("text", { x: x(m), y: H - 4, "text-anchor": anchor }); tx.textContent = tick(m); s.append(tx);
  }
  // Goal lines are solid and thick, thresholds dotted (the twin alone is
  // dashed); each carries its meaning as a tooltip, and the legend above
  // the charts says it too.
  for (const r of refs) {
    const ln = svg("line", { x1: L, x2: W - R, y1: y(r.v), y2: y(r.v), stroke: r.c, "stroke-width": r.goal ? 2 : 1, opacity: 0.85, "vector-effect": "non-scaling-stroke", class: r.goal ? "ref goal" : "ref threshold" });
    if (!r.goal) ln.setAttribute("stroke-dasharray", "1 3");
    const tip = svg("title", {}); tip.textContent = r.label + ": " + fmtUnit(r.v, col);
    ln.append(tip);
    s.append(ln);
  }
  for (const a of (app.st.taken || [])) {
    s.append(svg("line", { x1: x(a.minute), x2: x(a.minute), y1: T, y2: H - B, stroke: "#dce3ea", "stroke-dasharray": "1 2", opacity: 0.5 }));
  }
  // Scenario events: a solid line in their own colour with a short label,
  // moved down a line when it would overlap the label before it.
  let lastEnd = -Infinity, row = 0;
  for (const e of (app.st.events || [])) {
    const xe = x(e.minute), label = shortLabel(tm(e.label)), wide = label.length * 5.2;
    const right = xe + 2 + wide > W - R;
    const from = right ? xe - 2 - wide : xe + 2;
    row = from < lastEnd + 3 ? (row + 1) % 3 : 0;
    lastEnd = from + wide;
    const g = svg("g", { class: "event-mark" });
    const tip = svg("title", {}); tip.textContent = at(e.minute) + ": " + tm(e.label);
    g.append(tip, svg("line", { x1: xe, x2: xe, y1: T, y2: H - B, stroke: EVENT_COLOR, "stroke-width": 1.2, opacity: 0.9, "vector-effect": "non-scaling-stroke" }));
    const tx = svg("text", { x: right ? xe - 2 : xe + 2, y: T + 9 + 10 * row, "text-anchor": right ? "end" : "start", class: "event-label" });
    tx.textContent = label;
    g.append(tx);
    s.append(g);
  }
  const path = (series, attrs) => {
    let d = "", pen = false;
    series.forEach((v, m) => {
      if (v === null) { pen = false; return; }
      d += (pen ? "L" : "M") + x(m + 0.5).toFixed(1) + " " + y(v).toFixed(1);
      pen = true;
    });
    if (d) s.append(svg("path", Object.assign({ d, fill: "none", "stroke-width": 1.8, "vector-effect": "non-scaling-stroke" }, attrs)));
  };
  path(ts, { stroke: "#c792ea", "stroke-dasharray": "4 3" });
  path(ys, { stroke: "#5aa9e6" });
  const last = ys[ys.length - 1];
  const head = el("div", { class: "ct" }, el("span", { text: tm(col.label) + (col.unit ? " (" + col.unit + ")" : "") }), el("b", { class: status(last, col) ? "s-" + status(last, col) : "", text: fmt(last, col) }));
  return el("div", { class: "chart", "data-key": col.key }, head, s);
}
// EVENT_COLOR marks scenario events on the charts and in the list.
const EVENT_COLOR = "#ff7edb";
// shortLabel keeps an event's label up to its first ":" or "(" and at most
// 18 characters: "sale opens: traffic ×2" → "sale opens".
function shortLabel(s) {
  let t = String(s).split(/[:(]/)[0].trim() || String(s);
  if (t.length > 18) t = t.slice(0, 17).trimEnd() + "…";
  return t;
}
function short(v) {
  const a = Math.abs(v);
  if (v === Math.round(v) && a < 10000) return num(v, 0);
  if (a >= 10000) return num(v / 1000, 0) + "k";
  if (a >= 100) return num(v, 0);
  if (a >= 10) return num(v, 1);
  return num(v, 2);
}
