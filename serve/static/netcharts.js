// queuelab network page: per-station charts of the running estimates with
// their 95 % band, the formula as a dashed reference line, the points where
// a change restarted the statistics, and the verdict.
"use strict";

// i18n keys: the measures' chart titles
const MEASURE_LABELS = {
  mean_in_system: "L · mean number at the station",
  mean_response: "W · mean time at the station (s)",
  utilization: "utilisation (per server)",
  p_loss: "loss · share of arrivals lost",
  p_abandon: "abandonment · share who give up waiting",
};

const CHART = { w: 260, h: 132, padL: 40, padR: 8, padT: 30, padB: 16 };
const SER_N = 10, SER_F = 11; // indices in a point's per-station values (see netsession.go)

// chartedMeasures returns the measure indices charted for station s.
function chartedMeasures(st, s) {
  if (s.kind === "fork") return [0, 1]; // jobs between fork and join, their response
  if (s.kind === "join") return [0]; // tasks waiting for their siblings
  const out = [0, 1, 2];
  const hasLoss = s.capacity >= 0 || (st.rows || []).some((r) => r.station === s.name && r.name === "p_loss" && r.formulas.length);
  if (hasLoss) out.push(3);
  if ((st.rows || []).some((r) => r.station === s.name && r.name === "p_abandon")) out.push(4);
  return out;
}

function rowFor(st, station, name, cls) {
  return (st.rows || []).find((r) => r.station === station && r.class === cls && r.name === name);
}

// drawCharts redraws every station's charts into container, for the
// class st.slots[slot] ("" = all classes together).
function drawCharts(container, st, slot) {
  slot = Math.min(slot || 0, st.slots.length - 1);
  container.replaceChildren();
  const unstable = new Map((st.unstable || []).map((u) => [u.station, u.rho]));
  st.graph.stations.forEach((s, i) => {
    const rowDiv = document.createElement("div");
    rowDiv.className = "st-row";
    const h = document.createElement("h3");
    h.textContent = s.name;
    if (unstable.has(s.name)) {
      h.className = "unstable";
      h.textContent += " — " + t("unstable (ρ = {0} ≥ 1): no steady state, the queue grows", fmtNum(unstable.get(s.name)));
    }
    rowDiv.append(h);
    const little = littleLine(st, s.name, st.slots[slot]);
    if (little) rowDiv.append(little);
    const charts = document.createElement("div");
    charts.className = "row-charts";
    for (const m of chartedMeasures(st, s)) charts.append(drawChart(st, s, i * st.slots.length + slot, st.slots[slot], m, unstable.get(s.name)));
    rowDiv.append(charts);
    container.append(rowDiv);
  });
}

// littleLine checks Little's law on the station's estimates: the measured
// throughput times the measured time at the station against the measured
// mean number there (they agree up to the estimates' noise whatever the
// discipline or service law).
function littleLine(st, station, cls) {
  const x = rowFor(st, station, "throughput", cls), w = rowFor(st, station, "mean_response", cls), l = rowFor(st, station, "mean_in_system", cls);
  if (!x || !w || !l || x.sim === null || w.sim === null || l.sim === null) return null;
  const p = document.createElement("p");
  p.className = "little";
  p.dataset.station = station;
  p.textContent = t("Little's law: λ·W = {0} × {1} = {2} · L = {3}", fmtNum(x.sim), fmtNum(w.sim), fmtNum(x.sim * w.sim), fmtNum(l.sim));
  return p;
}

// yRange picks a vertical range that shows the late estimates and the
// formula without letting the first wide intervals squash them.
function yRange(pts, i, m, f, showN) {
  if (m === 2) return [0, 1.05];
  let hi = 0;
  const late = pts.slice(Math.floor(pts.length / 3));
  for (const p of pts) {
    const v = p.v[i];
    if (showN && v[SER_N] !== null) hi = Math.max(hi, v[SER_N]);
    if (v[2 * m] !== null) hi = Math.max(hi, Math.min(v[2 * m], 3 * (f || v[2 * m])));
  }
  for (const p of late) {
    const v = p.v[i];
    if (v[2 * m] !== null && v[2 * m + 1] !== null) hi = Math.max(hi, v[2 * m] + v[2 * m + 1]);
  }
  if (f !== null && f !== undefined) hi = Math.max(hi, 1.5 * f);
  if (!(hi > 0)) hi = m >= 3 ? 0.01 : 1;
  return [0, hi * 1.05];
}

// drawChart draws measure m of station s from series i of the points (the
// station's slot for class cls).
function drawChart(st, s, i, cls, m, rho) {
  const name = st.measures[m];
  const pts = window_(st);
  const div = document.createElement("div");
  div.className = "chart netchart";
  div.dataset.station = s.name;
  div.dataset.measure = name;
  div.dataset.class = cls;
  const root = svgEl("svg", { viewBox: `0 0 ${CHART.w} ${CHART.h}`, width: CHART.w, height: CHART.h });
  div.append(root);
  root.setAttribute("role", "img");
  root.setAttribute("aria-label", s.name + ": " + t(MEASURE_LABELS[name]));
  root.append(svgEl("text", { x: 4, y: 11, class: "c-title" }, t(MEASURE_LABELS[name]) + (cls ? " · " + cls : "")));
  const row = rowFor(st, s.name, name, cls);
  const unstable = rho !== undefined && m !== 2;
  const last = pts.length ? pts[pts.length - 1].v[i] : null;
  const f = last ? last[SER_F + m] : null;
  const [y0, y1] = yRange(pts, i, m, unstable ? null : f, unstable);
  const t0 = pts.length ? pts[0].t : 0, t1 = pts.length ? Math.max(pts[pts.length - 1].t, t0 + 1e-9) : 1;
  const X = (t) => CHART.padL + (t - t0) / (t1 - t0) * (CHART.w - CHART.padL - CHART.padR);
  const Y = (v) => CHART.h - CHART.padB - (Math.min(Math.max(v, y0), y1) - y0) / (y1 - y0) * (CHART.h - CHART.padT - CHART.padB);
  root.append(svgEl("line", { x1: CHART.padL, y1: Y(y0), x2: CHART.w - CHART.padR, y2: Y(y0), class: "axis" }));
  root.append(svgEl("text", { x: CHART.padL - 3, y: Y(y1) + 8, class: "tick", "text-anchor": "end" }, fmtNum(y1)));
  root.append(svgEl("text", { x: CHART.padL - 3, y: Y(y0), class: "tick", "text-anchor": "end" }, fmtNum(0)));
  root.append(svgEl("text", { x: CHART.padL, y: CHART.h - 3, class: "tick", "text-anchor": "start" }, fmtTime(t0)));
  root.append(svgEl("text", { x: CHART.w - CHART.padR, y: CHART.h - 3, class: "tick", "text-anchor": "end" }, fmtTime(t1)));
  for (const mk of st.marks || []) {
    if (mk.t <= t0 || mk.t > t1) continue;
    const x = X(mk.t);
    root.append(svgEl("line", { x1: x, y1: CHART.padT - 4, x2: x, y2: CHART.h - CHART.padB, class: "mark" }));
    const late = x > CHART.w - 50; // near the right edge: the label goes left of the line
    root.append(svgEl("text", { x: late ? x - 2 : x + 2, y: CHART.h - CHART.padB - 3, class: "mark-label", "text-anchor": late ? "end" : "start" }, t("restart")));
  }
  for (const seg of segments(pts, st.marks || [])) {
    if (unstable) {
      root.append(svgEl("polyline", { points: seg.map((p) => `${X(p.t)},${Y(p.v[i][m === 0 ? SER_N : 2 * m] ?? 0)}`).join(" "), class: "grow-line" }));
      continue;
    }
    const band = seg.filter((p) => p.v[i][2 * m] !== null && p.v[i][2 * m + 1] !== null);
    if (band.length > 1) {
      const up = band.map((p) => `${X(p.t)},${Y(p.v[i][2 * m] + p.v[i][2 * m + 1])}`);
      const down = band.map((p) => `${X(p.t)},${Y(p.v[i][2 * m] - p.v[i][2 * m + 1])}`).reverse();
      root.append(svgEl("polygon", { points: up.concat(down).join(" "), class: "band" }));
    }
    const mean = seg.filter((p) => p.v[i][2 * m] !== null);
    if (mean.length) root.append(svgEl("polyline", { points: mean.map((p) => `${X(p.t)},${Y(p.v[i][2 * m])}`).join(" "), class: "mean" }));
    const ref = seg.filter((p) => p.v[i][SER_F + m] !== null);
    if (ref.length) root.append(svgEl("polyline", { points: ref.map((p) => `${X(p.t)},${Y(p.v[i][SER_F + m])}`).join(" "), class: "formula" }));
  }
  root.append(chartCaption(row, unstable, rho, m));
  div.append(verdictBadge(row, unstable, rho));
  return div;
}

// window_ keeps the points the charts show: those since the change before
// the last one (or the start), so the last restart is seen with what came
// before it, and a long history does not squash the present into a line.
function window_(st) {
  const pts = st.points || [];
  const cuts = (st.marks || []).map((mk) => mk.t).filter((t) => t > 0).sort((a, b) => a - b);
  const from = cuts.length >= 2 ? cuts[cuts.length - 2] : 0;
  return pts.filter((p) => p.t >= from);
}

// segments splits the points at the marks: the statistics restart there.
function segments(pts, marks) {
  const cuts = marks.map((mk) => mk.t).filter((t) => t > 0).sort((a, b) => a - b);
  const out = [];
  let cur = [], k = 0;
  for (const p of pts) {
    while (k < cuts.length && p.t > cuts[k]) { if (cur.length) out.push(cur); cur = []; k++; }
    cur.push(p);
  }
  if (cur.length) out.push(cur);
  return out;
}

// chartCaption: the formula's method and whether it is exact, and the
// current estimate.
function chartCaption(row, unstable, rho, m) {
  const c = svgEl("text", { x: 4, y: 23, class: "c-method" });
  if (unstable) {
    c.textContent = m === 0 ? t("number at the station now: growing") : t("running mean: growing without limit");
    c.setAttribute("class", "c-method bad");
    return c;
  }
  if (!row || !row.formulas.length) { c.textContent = t("no formula applies"); return c; }
  const f = bestFormula(row.formulas);
  c.textContent = `--- ${fmtNum(f.value)} · ${tm(f.method)} · ${f.exact ? t("exact") : t("approximate")}`;
  c.setAttribute("class", "c-method " + (f.exact ? "exact" : "approx"));
  return c;
}

function verdictBadge(row, unstable, rho) {
  const b = document.createElement("div");
  b.className = "badge";
  if (unstable) {
    b.dataset.verdict = "unstable";
    b.textContent = t("unstable · ρ = {0}", fmtNum(rho));
    return b;
  }
  if (!row) { b.dataset.verdict = "none"; b.textContent = "—"; return b; }
  const sim = row.sim === null ? "—" : fmtNum(row.sim) + (row.halfWidth === null ? "" : " ± " + fmtNum(row.halfWidth));
  b.dataset.verdict = row.verdict || "none";
  // row.text is in the page's language ("yaklaşık: formül %+12,3 sapıyor"):
  // the badge keeps what follows the verdict's word.
  const word = { agrees: "✓ " + t("agrees"), approximate: "≈ " + (row.text || "").replace(/^[^:]*: /, ""), disagrees: "✗ " + t("DISAGREES"), inconclusive: t("collecting") }[row.verdict] || "";
  b.title = row.text || "";
  b.textContent = sim + (word ? "  ·  " + word : "");
  return b;
}
