// queuelab network page: the first minutes. The exact transient E[N(t)]
// from the network's initial state (GET …/transient: the CTMC by
// uniformization, once per network) as a dashed line, its time average
// over [0, t] as a solid one, and the run's own time average of N over
// [0, t] (the state's runAverage, one point per unit) as dots: one run
// estimates the time average, not E[N(t)], so the dots are compared with
// the solid line. #transient's data-drawn says what was drawn last
// ("ready:12" = the exact curves and 12 of the run's points), for tests;
// nothing is asked before the panel has been on screen.
"use strict";

// slot: a station's index, -1 = all stations; seen: the panel has been on
// screen (the chain is asked for then, not for every page opened: it can
// cost a second of the server's time).
const TRANS = { key: null, res: null, asking: false, slot: -1, seen: false };
const TCHART = { w: 560, h: 240, padL: 46, padR: 12, padT: 24, padB: 34 };

// transientKey names the network the exact curves are for: the session,
// its epoch (a restart) and the changes made.
function transientKey(st) { return `${st.id}:${st.epoch}:${st.taken.length}`; }

// askTransient fetches the exact transient of st's network unless it is
// known or being asked for; while the server computes it, the next state
// poll asks again.
async function askTransient(st) {
  const key = transientKey(st);
  if (TRANS.key !== key) { TRANS.key = key; TRANS.res = null; }
  if ((TRANS.res && TRANS.res.status !== "computing") || TRANS.asking) return;
  TRANS.asking = true;
  let res;
  try {
    const r = await fetch(`/api/networks/sessions/${st.id}/transient`, { headers: langHeaders({}) });
    res = await r.json();
    if (!r.ok) res = { status: "refused", reason: res.error || "HTTP " + r.status };
  } catch (e) {
    res = null; // no answer (a dropped connection): the next poll asks again
  } finally {
    TRANS.asking = false;
  }
  if (TRANS.key !== key || !res) return; // the network changed meanwhile, or no answer: the next poll asks again
  TRANS.res = res;
  if (net.st) drawTransient(net.st);
}

// drawTransient draws the panel for state st (called at every state).
function drawTransient(st) {
  watchTransient();
  if (!TRANS.seen) return;
  askTransient(st);
  const box = byId("transient");
  const res = TRANS.res && TRANS.key === transientKey(st) ? TRANS.res : { status: "computing" };
  const avg = st.runAverage || { t: [], v: [], comparable: true };
  if (unchanged(box.dataset, [TRANS.key, res.status, avg.t.length, avg.comparable, TRANS.slot, I18N.lang].join("|"))) return;
  box.replaceChildren();
  const status = html("p", { id: "transient-status", class: "muted", role: "status" });
  if (res.status !== "ready") {
    status.textContent = res.status === "computing" ? t("computing the exact transient…") : t("No exact transient: {0}", res.reason || "");
    box.append(status);
    box.dataset.drawn = res.status;
    return;
  }
  const n = st.graph.stations.length;
  if (TRANS.slot >= n) TRANS.slot = -1;
  if (n > 1) box.append(transientSlots(st, res));
  const si = TRANS.slot < 0 ? res.series.length - 1 : TRANS.slot;
  const series = res.series[si];
  const exact = res.series.slice(0, -1).map((x) => x.mean[0] !== null); // a fork or a join has no curve
  const runPts = avg.comparable ? runPoints(avg, TRANS.slot, exact) : [];
  const yLabel = TRANS.slot >= 0 ? t("number at the station") : exact.every((x) => x) ? t("number at all stations") : t("number at the stations with an exact curve");
  box.append(transientChart(res, series, runPts, yLabel));
  box.append(transientLegend());
  box.append(html("p", { class: "muted small", text: t("One run is one path of N(t), not its mean E[N(t)]. What one run estimates without bias is its time average (1/t)∫₀ᵗ N(s) ds, whose mean is the solid line: the dots scatter around it (one run: no band). The dashed line is where the network is on average at each moment.") }));
  box.append(html("p", { class: "muted small", "data-bound": String(series.bound),
    text: t("uniformization error ≤ {0} · quadrature error of the time average ≈ {1} · chains of up to {2} states", fmtNum(series.bound), fmtNum(series.quad), res.cap) }));
  if (!avg.comparable) status.textContent = t("The network was changed at t = {0} s: the run no longer starts from this network's initial state, so only the exact curves are drawn. A change made at t = 0 (a replay link's 0:…) keeps the comparison.", fmtNum(avg.changedAt));
  else if (!runPts.length) status.textContent = t("no time average yet: run the simulation");
  box.append(status);
  box.dataset.drawn = "ready:" + runPts.length;
}

// watchTransient marks the panel seen the first time it is on screen.
function watchTransient() {
  if (TRANS.observer) return;
  const panel = byId("transient-panel");
  const seen = () => { TRANS.seen = true; TRANS.observer.disconnect(); if (net.st) drawTransient(net.st); };
  if (!("IntersectionObserver" in window)) { TRANS.observer = { disconnect() {} }; seen(); return; }
  TRANS.observer = new IntersectionObserver((es) => { if (es.some((e) => e.isIntersecting)) seen(); });
  TRANS.observer.observe(panel);
}

// runPoints returns the run's time averages [t, value] of station slot
// (-1: the sum over the stations with an exact curve, itself the time
// average of their total).
function runPoints(avg, slot, exact) {
  const out = [];
  avg.t.forEach((tk, k) => {
    const row = avg.v[k];
    let v = 0;
    if (slot >= 0) v = row[slot];
    else row.forEach((x, i) => { if (exact[i]) v = x === null || v === null ? null : v + x; });
    if (v !== null) out.push([tk, v]);
  });
  return out;
}

// transientSlots offers the curve of the total or of a station that has one.
function transientSlots(st, res) {
  const g = html("div", { class: "slots", role: "group", "aria-labelledby": "transient-of" }, html("span", { id: "transient-of", text: t("curve of:") }));
  const pick = (k, label) => g.append(" ", html("button", { text: label, class: k === TRANS.slot ? "on" : "", "aria-pressed": String(k === TRANS.slot), "data-tslot": String(k),
    onclick: () => { TRANS.slot = k; drawTransient(net.st); } }));
  pick(-1, t("all stations"));
  st.graph.stations.forEach((s, k) => { if (res.series[k] && res.series[k].mean[0] !== null) pick(k, s.name); });
  return g;
}

// transientChart draws E[N(t)] (dashed), its time average (solid) and the
// run's time averages (dots) against t in seconds.
function transientChart(res, series, runPts, yLabel) {
  const C = TCHART;
  const x1 = res.window;
  let y1 = 0;
  for (const v of series.mean.concat(series.avg)) if (v !== null) y1 = Math.max(y1, v);
  for (const p of runPts) if (p[0] <= x1) y1 = Math.max(y1, p[1]);
  y1 = y1 > 0 ? y1 * 1.05 : 1;
  const X = (x) => C.padL + x / x1 * (C.w - C.padL - C.padR);
  const Y = (v) => C.h - C.padB - Math.min(Math.max(v, 0), y1) / y1 * (C.h - C.padT - C.padB);
  const svg = svgEl("svg", { viewBox: `0 0 ${C.w} ${C.h}`, class: "tchart", role: "img", "aria-label": t("the exact transient and the run's time average") });
  svg.append(svgEl("line", { x1: C.padL, y1: Y(0), x2: C.w - C.padR, y2: Y(0), class: "axis" }));
  svg.append(svgEl("line", { x1: C.padL, y1: Y(0), x2: C.padL, y2: Y(y1), class: "axis" }));
  for (const v of [0, y1 / 2, y1]) svg.append(svgEl("text", { x: C.padL - 4, y: Y(v) + 3, class: "tick", "text-anchor": "end" }, fmtNum(v)));
  for (const f of [0, 0.25, 0.5, 0.75, 1]) svg.append(svgEl("text", { x: X(f * x1), y: C.h - C.padB + 13, class: "tick", "text-anchor": f === 0 ? "start" : f === 1 ? "end" : "middle" }, fmtNum(f * x1)));
  svg.append(svgEl("text", { x: (C.padL + C.w - C.padR) / 2, y: C.h - 4, class: "axis-label", "text-anchor": "middle" }, t("t (s)")));
  svg.append(svgEl("text", { x: C.padL + 6, y: 12, class: "axis-label", "text-anchor": "start" }, yLabel));
  const line = (vals, cls) => {
    const pts = [];
    res.times.forEach((tk, k) => { if (vals[k] !== null) pts.push(`${X(tk).toFixed(1)},${Y(vals[k]).toFixed(1)}`); });
    svg.append(svgEl("polyline", { points: pts.join(" "), class: cls }));
  };
  line(series.mean, "tr-mean");
  line(series.avg, "tr-avg");
  for (const [tk, v] of runPts) if (tk <= x1 + 1e-9) svg.append(svgEl("circle", { cx: X(tk).toFixed(1), cy: Y(v).toFixed(1), r: 2.6, class: "tr-run" }));
  return svg;
}

function transientLegend() {
  const item = (cls, text, dot) => {
    const sw = svgEl("svg", { width: 26, height: 10, "aria-hidden": "true" });
    sw.append(dot ? svgEl("circle", { cx: 13, cy: 5, r: 3, class: cls }) : svgEl("line", { x1: 1, y1: 5, x2: 25, y2: 5, class: cls }));
    return html("li", {}, sw, " " + text);
  };
  return html("ul", { class: "tlegend" },
    item("tr-mean", t("exact E[N(t)]: the mean number at time t (dashed)")),
    item("tr-avg", t("exact time average of E[N] over [0, t] (solid)")),
    item("tr-run", t("the run's time average of N over [0, t] (dots)"), true));
}
