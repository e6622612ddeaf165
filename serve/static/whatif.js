// queuelab network page: what-if for a closed network, as JMVA draws it —
// throughput X and response time R against the population N by exact MVA,
// with the asymptotic (ABA) and balanced job (BJB) bounds, the saturation
// point N* and the population now, with the simulation's estimate.
"use strict";

// key names the curves asked for (set before the fetch), answered the key
// whose answer data and error hold, drawn the key whose answer is on
// screen (the panel drawn or hidden): a redraw while a fetch is pending
// draws the older answer and says so.
const WHATIF = { key: null, answered: null, drawn: null, data: null, means: {}, error: "" };

// whatIfQuery is the edited means as the request's query (mean.STATION=S).
function whatIfQuery() {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(WHATIF.means)) q.set("mean." + k, v);
  const s = q.toString();
  return s ? "?" + s : "";
}

// drawWhatIf fetches the curves when the network's structure changed (key)
// and draws them with the current estimate.
async function drawWhatIf(st) {
  const panel = document.getElementById("whatif-panel");
  if (!panel) return;
  const base = st.id + "/" + st.epoch + "/" + st.taken.length;
  if (WHATIF.key !== null && !WHATIF.key.startsWith(base + "?")) WHATIF.means = {}; // a new network or a change: the file's means again
  const key = base + "?" + whatIfQuery();
  if (WHATIF.key !== key) {
    WHATIF.key = key;
    try {
      const res = await fetch(`/api/networks/sessions/${st.id}/whatif` + whatIfQuery(), { headers: langHeaders({}) });
      const data = await res.json();
      if (WHATIF.key !== key) return; // a later key asked meanwhile: its answer draws
      if (res.ok) { WHATIF.data = data; WHATIF.error = ""; } else WHATIF.error = data.error || "HTTP " + res.status;
    } catch (e) {
      if (WHATIF.key !== key) return;
      WHATIF.data = null;
    }
    WHATIF.answered = key;
  }
  const w = WHATIF.data;
  panel.hidden = !(w && w.available);
  if (panel.hidden) { WHATIF.drawn = WHATIF.answered; return; }
  const edited = Object.keys(WHATIF.means).length > 0;
  drawWhatIfMeans(w, st, edited);
  const simX = (st.rows || []).find((r) => r.station === "network" && r.class === "" && r.name === "throughput");
  const simR = (st.rows || []).find((r) => r.station === "network" && r.class === "" && r.name === "mean_response");
  const box = document.getElementById("whatif");
  box.replaceChildren(
    whatIfChart(w, "x", t("X · throughput (/s)"), !edited && simX && simX.sim !== null ? simX.sim : null),
    whatIfChart(w, "r", t("R · response time without think time (s)"), !edited && simR && simR.sim !== null ? simR.sim - w.z : null));
  document.getElementById("whatif-note").textContent = t("D = {0} s, Dmax = {1} s, Z = {2} s: N* = (D + Z)/Dmax = {3}", fmtNum(w.d), fmtNum(w.dmax), fmtNum(w.z), fmtNum(w.nStar));
  WHATIF.drawn = WHATIF.answered;
}

// whatIfChart draws one measure m ("x" or "r") against N.
function whatIfChart(w, m, title, sim) {
  const W = 360, H = 200, L = 44, R = 10, T = 22, B = 22;
  const pts = w.points;
  const nMax = pts[pts.length - 1].n;
  const keys = m === "x" ? ["x", "xLo", "xUp", "bxLo", "bxUp"] : ["r", "rLo", "rUp", "brLo", "brUp"];
  let hi = 0;
  for (const p of pts) for (const k of keys) if (p[k] !== null && isFinite(p[k])) hi = Math.max(hi, m === "x" ? p[k] : Math.min(p[k], 2 * pts[pts.length - 1].r));
  if (sim !== null) hi = Math.max(hi, sim);
  hi = hi * 1.08 || 1;
  const X = (n) => L + (n / nMax) * (W - L - R);
  const Y = (v) => H - B - (Math.min(Math.max(v, 0), hi) / hi) * (H - T - B);
  const root = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "whatif-chart", role: "img", "aria-label": title, "data-measure": m });
  root.append(svgEl("text", { x: 4, y: 13, class: "c-title" }, title));
  root.append(svgEl("line", { x1: L, y1: Y(0), x2: W - R, y2: Y(0), class: "axis" }));
  root.append(svgEl("line", { x1: L, y1: T, x2: L, y2: Y(0), class: "axis" }));
  root.append(svgEl("text", { x: L - 3, y: T + 8, class: "tick", "text-anchor": "end" }, fmtNum(hi)));
  root.append(svgEl("text", { x: L - 3, y: Y(0), class: "tick", "text-anchor": "end" }, fmtNum(0)));
  root.append(svgEl("text", { x: W - R, y: H - 6, class: "tick", "text-anchor": "end" }, "N = " + nMax));
  const line = (k, cls) => {
    const ps = pts.filter((p) => p[k] !== null && isFinite(p[k]));
    if (ps.length) root.append(svgEl("polyline", { points: ps.map((p) => `${X(p.n).toFixed(1)},${Y(p[k]).toFixed(1)}`).join(" "), class: cls, "data-line": k }));
  };
  line(keys[1], "aba"); line(keys[2], "aba"); line(keys[3], "bjb"); line(keys[4], "bjb"); line(keys[0], "mva");
  const xs = X(w.nStar);
  root.append(svgEl("line", { x1: xs, y1: T, x2: xs, y2: Y(0), class: "nstar" }));
  root.append(svgEl("text", { x: xs + 3, y: T + 10, class: "nstar-label" }, "N* = " + fmtNum(w.nStar)));
  const now = pts.find((p) => p.n === w.population);
  if (now) root.append(svgEl("circle", { cx: X(now.n), cy: Y(now[keys[0]]), r: 3.5, class: "now-mva" }));
  if (sim !== null && now) {
    const c = svgEl("circle", { cx: X(now.n), cy: Y(sim), r: 4, class: "now-sim" });
    c.append(svgEl("title", {}, t("simulation") + ": " + fmtNum(sim)));
    root.append(c);
  }
  const div = document.createElement("div");
  div.className = "chart whatif";
  div.append(root);
  return div;
}

// drawWhatIfMeans offers each station's mean service time for editing, as
// JMVA does: the curves are recomputed with the values entered; the
// simulation keeps the network's own (its point is not drawn then).
function drawWhatIfMeans(w, st, edited) {
  let box = document.getElementById("whatif-means");
  if (!box) {
    box = document.createElement("div");
    box.id = "whatif-means";
    box.className = "whatif-means";
    document.getElementById("whatif").before(box);
  }
  if (unchanged(box.dataset, WHATIF.key + "|" + WHATIF.error)) return;
  const inputs = w.stations.map((s) => {
    const id = "wi-mean-" + s.name.replace(/[^A-Za-z0-9_-]/g, "_");
    const input = html("input", { id, type: "text", size: "6", "data-station": s.name, value: String(WHATIF.means[s.name] !== undefined ? WHATIF.means[s.name] : s.mean) });
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") apply(); });
    return html("span", { class: "wi-mean" }, html("label", { for: id, text: t("S of {0} (s)", s.name) }), input);
  });
  const apply = () => {
    const means = {};
    for (const i of box.querySelectorAll("input[data-station]")) {
      const s = w.stations.find((x) => x.name === i.dataset.station);
      const v = i.value.trim();
      if (v !== "" && (!s || Number(v) !== s.mean)) means[i.dataset.station] = v;
    }
    WHATIF.means = means;
    drawWhatIf(net.st);
  };
  const reset = () => { WHATIF.means = {}; WHATIF.error = ""; drawWhatIf(net.st); };
  const err = html("p", { class: "error", role: "alert", id: "whatif-error", text: WHATIF.error });
  err.hidden = !WHATIF.error;
  box.replaceChildren(html("p", { class: "muted small", text: edited ? t("the curves use the service means entered here; the simulation keeps the network's own") : t("edit a station's mean service time to recompute the curves (the simulation is not changed)") }),
    ...inputs, html("button", { id: "whatif-apply", text: t("recompute"), onclick: apply }), html("button", { id: "whatif-reset", text: t("reset"), onclick: reset }), err);
}
