// queuelab network page: the network drawn as a graph. Stations are laid
// out left to right in layers by breadth-first distance from where
// customers enter (open classes' arrival stations, closed classes' start
// stations); each box shows its servers and its queue filled with the
// customers of the last snapshot, coloured by class.
"use strict";

const NETSVG = "http://www.w3.org/2000/svg"; // a namespace name, not fetched
const CLASS_COLOURS = ["#5aa9e6", "#f2c14e", "#b48ead", "#3fb8af", "#ff7edb", "#a3be8c", "#d08770", "#88c0d0"];
const BOX = { w: 210, h: 86, colW: 300, rowH: 132, left: 150, top: 34 };
const MAX_SERVERS_DRAWN = 8;
const MAX_SLOTS_DRAWN = 12;

function svgEl(tag, attrs, text) {
  const e = document.createElementNS(NETSVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function classColour(i) { return CLASS_COLOURS[i % CLASS_COLOURS.length]; }

// layoutNetwork returns {pos: {station: {x, y, layer}}, width, height}.
function layoutNetwork(g) {
  const names = g.stations.map((s) => s.name);
  const next = {};
  for (const n of names) next[n] = [];
  for (const r of g.routes) if (r.to && r.p > 0 && next[r.from] && !next[r.from].includes(r.to)) next[r.from].push(r.to);
  const layer = {};
  const queue = [];
  for (const c of g.classes) if (c.to in next && !(c.to in layer)) { layer[c.to] = 0; queue.push(c.to); }
  if (queue.length === 0 && names.length) { layer[names[0]] = 0; queue.push(names[0]); }
  for (let i = 0; i < queue.length; i++) {
    for (const to of next[queue[i]]) if (!(to in layer)) { layer[to] = layer[queue[i]] + 1; queue.push(to); }
  }
  for (const n of names) if (!(n in layer)) { layer[n] = 0; queue.push(n); } // unreachable: first column
  const rows = {};
  const pos = {};
  let layers = 0, maxRows = 0;
  for (const n of queue) {
    const l = layer[n];
    const r = rows[l] = (rows[l] || 0) + 1;
    pos[n] = { x: BOX.left + l * BOX.colW, y: BOX.top + (r - 1) * BOX.rowH, layer: l, row: r - 1 };
    layers = Math.max(layers, l + 1);
    maxRows = Math.max(maxRows, r);
  }
  return { pos, width: BOX.left + layers * BOX.colW + 30, height: BOX.top + maxRows * BOX.rowH + 40 };
}

// routeGroups merges the per-class routes of a (from, to) pair into one
// arrow with its label.
function routeGroups(g) {
  const groups = new Map();
  for (const r of g.routes) {
    if (!(r.p > 0)) continue;
    const k = r.from + "\u0000" + r.to;
    if (!groups.has(k)) groups.set(k, { from: r.from, to: r.to, per: [] });
    groups.get(k).per.push(r);
  }
  const out = [];
  for (const grp of groups.values()) {
    const ps = [...new Set(grp.per.map((r) => r.p))];
    const shared = ps.length === 1 && (grp.per.some((r) => r.class === "") || grp.per.length === g.classes.length || g.classes.length === 1);
    grp.label = grp.per[0].policy ? grp.per[0].policy : shared ? numg(Number(fmtP(ps[0])), 4) : grp.per.map((r) => r.class + " " + numg(Number(fmtP(r.p)), 4)).join(" · ");
    if (grp.per[0].tasks) grp.label = "×" + grp.per[0].tasks; // a fork's branch: tasks per job
    grp.classes = grp.per.some((r) => r.class === "") && g.classes.length > 1 ? [-1] : grp.per.map((r) => r.class === "" ? 0 : g.classes.findIndex((c) => c.name === r.class));
    out.push(grp);
  }
  return out;
}

// bestFormula is the formula the page shows for a row: the exact one
// where there is one, else the first approximation.
function bestFormula(fs) { return fs.find((f) => f.exact) || fs[0]; }

// fmtTime writes simulated seconds for the clock and the axes: plain
// seconds up to 10 000 s, then with the unit that keeps the digits few
// (h, d), never in exponent notation.
function tr_(k) { return t(k); } // t is shadowed below by the time argument
function fmtTime(t) {
  if (t === null || t === undefined || !isFinite(t)) return "—";
  const a = Math.abs(t);
  if (a < 1e4) return fmtNum(t) + " " + tr_("s");
  if (a < 864e3) return fmtNum(Number((t / 3600).toPrecision(3))) + " " + tr_("h");
  return fmtNum(Number((t / 86400).toPrecision(3))) + " " + tr_("d");
}

// fmtP writes a probability or rate as a change takes it ("0.2"); the
// graph's labels write it in the page's language (numg).
function fmtP(p) { return Number(p.toFixed(4)).toString(); }

function fmtNum(v) {
  if (v === null || v === undefined || !isFinite(v)) return "—";
  const a = Math.abs(v);
  if (a !== 0 && a < 0.001) return v.toExponential(2).replace(".", I18N.number.decimal).replace("-", "−");
  return numg(Number(v.toPrecision(a >= 100 ? 5 : 3)), 4);
}

// drawGraph draws state's network into the svg element.
function drawGraph(svgRoot, st) {
  const g = st.graph;
  const lay = layoutNetwork(g);
  svgRoot.replaceChildren();
  svgRoot.setAttribute("viewBox", `0 0 ${lay.width} ${lay.height}`);
  // As wide as its panel; the viewBox keeps the proportions.
  svgRoot.setAttribute("width", "100%");
  svgRoot.style.maxWidth = Math.round(1.6 * lay.width) + "px"; // a small network is not blown up
  svgRoot.removeAttribute("height");
  const defs = svgEl("defs");
  const marker = svgEl("marker", { id: "arrow", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" });
  marker.append(svgEl("path", { d: "M0,0 L10,5 L0,10 z", fill: "#8b98a5" }));
  defs.append(marker);
  svgRoot.append(defs);
  const arrows = svgEl("g", { class: "arrows" });
  svgRoot.append(arrows);
  drawSources(arrows, g, lay);
  for (const grp of routeGroups(g)) drawRoute(arrows, grp, lay);
  const unstable = new Map((st.unstable || []).map((u) => [u.station, u.rho]));
  g.stations.forEach((s, i) => {
    const snap = (st.snapshot.stations || [])[i] || { inService: [], waiting: [], count: 0, servers: s.servers };
    svgRoot.append(drawStation(s, snap, lay.pos[s.name], unstable.get(s.name), st));
  });
}

function drawSources(parent, g, lay) {
  const seen = {};
  g.classes.forEach((c, i) => {
    const p = lay.pos[c.to];
    if (!p) return;
    const k = seen[c.to] = (seen[c.to] || 0) + 1;
    const y = p.y + 18 + (k - 1) * 16;
    const lam = c.phases || c.steps || c.batch ? "λ̄" : "λ"; // a mean rate when arrivals are not Poisson
    const label = c.population > 0 ? `${c.name}: N = ${c.population}` : t("{0}: {1} = {2}/s", c.name, lam, fmtNum(c.rate));
    if (c.population > 0) {
      parent.append(svgEl("text", { x: p.x - 4, y: p.y - 6 - (k - 1) * 13, class: "src-label", fill: classColour(i), "text-anchor": "end", "data-class": c.name }, label));
      return;
    }
    parent.append(svgEl("line", { x1: p.x - 140, y1: y, x2: p.x - 2, y2: y, stroke: classColour(i), "stroke-width": 2, "marker-end": "url(#arrow)" }));
    parent.append(svgEl("text", { x: p.x - 140, y: y - 4, class: "src-label", fill: classColour(i), "data-class": c.name }, label));
  });
}

function drawRoute(parent, grp, lay) {
  const a = lay.pos[grp.from];
  if (!a) return;
  const colour = grp.classes.length === 1 && grp.classes[0] >= 0 ? classColour(grp.classes[0]) : "#8b98a5";
  const attrs = { fill: "none", stroke: colour, "stroke-width": 1.6, "marker-end": "url(#arrow)", "data-route": grp.from + ">" + (grp.to || "out") };
  let d, lx, ly;
  if (!grp.to) { // leaves the network
    const y = a.y + BOX.h - 14;
    d = `M${a.x + BOX.w},${y} L${a.x + BOX.w + 44},${y}`;
    lx = a.x + BOX.w + 6; ly = y - 5;
    parent.append(svgEl("text", { x: a.x + BOX.w + 48, y: y + 4, class: "out-label" }, t("out")));
  } else {
    const b = lay.pos[grp.to];
    if (!b) return;
    if (b.layer > a.layer) {
      const y1 = a.y + BOX.h / 2, y2 = b.y + BOX.h / 2;
      const x1 = a.x + BOX.w, x2 = b.x - 2;
      d = `M${x1},${y1} C${x1 + 40},${y1} ${x2 - 40},${y2} ${x2},${y2}`;
      lx = (x1 + x2) / 2 - 10; ly = (y1 + y2) / 2 - 6;
    } else if (grp.from === grp.to) { // feedback to itself
      const x = a.x + BOX.w / 2, y = a.y + BOX.h;
      d = `M${x + 30},${y} C${x + 60},${y + 40} ${x - 60},${y + 40} ${x - 30},${y + 2}`;
      lx = x - 8; ly = y + 40;
    } else { // back or sideways: an arc under the boxes
      const x1 = a.x + BOX.w / 2 + 20, y1 = a.y + BOX.h;
      const x2 = b.x + BOX.w / 2 - 20, y2 = b.y + BOX.h + 2;
      const dip = Math.max(y1, y2) + 34 + 10 * Math.abs(a.layer - b.layer);
      d = `M${x1},${y1} C${x1},${dip} ${x2},${dip} ${x2},${y2}`;
      lx = (x1 + x2) / 2 - 10; ly = dip - 4;
    }
  }
  parent.append(svgEl("path", { d, ...attrs }));
  parent.append(svgEl("text", { x: lx, y: ly, class: "p-label" }, grp.label));
}

// drawStation draws one station's box with its servers and queue.
function drawStation(s, snap, p, rho, st) {
  if (s.kind === "router") return drawRouter(s, snap, p);
  if (s.kind) return drawForkJoin(s, snap, p);
  const box = svgEl("g", { class: "station" + (rho !== undefined ? " unstable" : ""), transform: `translate(${p.x},${p.y})`, "data-station": s.name });
  box.append(svgEl("rect", { width: BOX.w, height: BOX.h, rx: 8, class: "box" }));
  const servers = snap.servers;
  const c = servers < 0 ? "∞" : String(servers);
  box.append(svgEl("text", { x: 10, y: 17, class: "st-name" }, s.name));
  box.append(svgEl("text", { x: BOX.w - 8, y: 17, class: "st-meta", "text-anchor": "end" },
    `${s.discipline === "delay" ? t("delay") : s.discipline} · c = ${c}${s.capacity >= 0 ? " · K = " + s.capacity : ""}${featureMeta(s)}`));
  // servers, right side
  const busy = snap.inService || [];
  const drawn = servers < 0 ? Math.min(busy.length + 1, MAX_SERVERS_DRAWN) : Math.min(servers, MAX_SERVERS_DRAWN);
  for (let i = 0; i < drawn; i++) {
    const cx = BOX.w - 14 - (i % 4) * 17, cy = 36 + Math.floor(i / 4) * 17;
    const cls = busy[i];
    box.append(svgEl("circle", { cx, cy, r: 7, class: "server" + (cls !== undefined ? " busy" : ""), fill: cls !== undefined ? classColour(cls) : "none" }));
    if (cls !== undefined && i >= busy.length - (snap.blocked || 0)) drawBlocked(box, cx, cy);
  }
  if (snap.blocked > 0) box.append(svgEl("text", { x: BOX.w - 8, y: 66, class: "st-meta blocked-label", "text-anchor": "end" }, t("{0} blocked", snap.blocked)));
  if (servers < 0 || servers > MAX_SERVERS_DRAWN) {
    box.append(svgEl("text", { x: BOX.w - 8, y: 78, class: "st-meta", "text-anchor": "end" }, t("{0} in service", busy.length)));
  }
  // queue, left of the servers, head nearest them
  const waiting = snap.waiting || [];
  const nWait = Math.max(0, snap.count - busy.length);
  const right = BOX.w - 14 - Math.min(drawn, 4) * 17 - 4;
  const limit = s.buffer > 0 ? s.buffer : s.capacity;
  const slots = limit >= 0 ? Math.min(Math.max(limit - Math.max(servers, 0), 0), MAX_SLOTS_DRAWN) : MAX_SLOTS_DRAWN;
  for (let i = 0; i < slots; i++) {
    const x = right - 11 - i * 11;
    if (x < 8) break;
    const cls = i < waiting.length ? waiting[i] : undefined;
    box.append(svgEl("rect", { x, y: 31, width: 9, height: 12, rx: 2, class: "slot" + (cls !== undefined ? " full" : ""), fill: cls !== undefined ? classColour(cls) : "none", "stroke-dasharray": limit >= 0 ? "" : "2 2" }));
  }
  const shown = Math.min(waiting.length, slots);
  if (nWait > shown) box.append(svgEl("text", { x: 10, y: 58, class: "overflow" }, t("+{0} more waiting", nWait - shown)));
  const rhoRow = (st.rows || []).find((r) => r.station === s.name && r.class === "" && r.name === "utilization");
  let foot = `N = ${snap.count}`;
  if (rho !== undefined) foot += " · " + t("ρ = {0} ≥ 1: unstable", fmtNum(rho));
  else if (rhoRow && rhoRow.formulas.length) foot += ` · ρ = ${fmtNum(bestFormula(rhoRow.formulas).value)}`;
  box.append(svgEl("text", { x: 10, y: 78, class: "st-foot" }, foot));
  if (rho !== undefined) { // a bar that grows with the queue: the picture of instability
    const w = Math.min(BOX.w - 20, 4 * Math.sqrt(nWait));
    box.append(svgEl("rect", { x: 10, y: 62, width: w, height: 5, class: "growth" }));
  }
  return box;
}

// drawForkJoin draws a fork or a join as a bar: a fork's on the right,
// where its tasks leave; a join's on the left, where they arrive, with the
// tasks waiting there for their siblings in slots beside it.
function drawForkJoin(s, snap, p) {
  const box = svgEl("g", { class: "station " + s.kind, transform: `translate(${p.x},${p.y})`, "data-station": s.name, "data-kind": s.kind });
  box.append(svgEl("rect", { width: BOX.w, height: BOX.h, rx: 8, class: "box" }));
  box.append(svgEl("text", { x: s.kind === "join" ? 24 : 10, y: 17, class: "st-name" }, s.name));
  box.append(svgEl("text", { x: BOX.w - (s.kind === "fork" ? 24 : 8), y: 17, class: "st-meta", "text-anchor": "end" }, s.kind === "fork" ? t("fork") : t("join")));
  const barX = s.kind === "fork" ? BOX.w - 16 : 6;
  box.append(svgEl("rect", { x: barX, y: 8, width: 10, height: BOX.h - 16, rx: 2, class: "fj-bar" }));
  if (s.kind !== "join") return box;
  const waiting = snap.waiting || [];
  for (let i = 0; i < Math.min(waiting.length, MAX_SLOTS_DRAWN); i++) {
    box.append(svgEl("rect", { x: 24 + i * 11, y: 31, width: 9, height: 12, rx: 2, class: "slot full", fill: classColour(waiting[i]) }));
  }
  if (snap.count > MAX_SLOTS_DRAWN) box.append(svgEl("text", { x: 24, y: 58, class: "overflow" }, t("+{0} more waiting", snap.count - MAX_SLOTS_DRAWN)));
  box.append(svgEl("text", { x: 24, y: 78, class: "st-foot" }, `N = ${snap.count}`));
  return box;
}

// featureMeta adds a station's buffer, balking, rates and schedule to its
// header line.
function featureMeta(s) {
  let m = "";
  if (s.buffer > 0) m += ` · B = ${s.buffer} (${s.blocking === "before-service" ? "BBS" : "BAS"})`;
  if (s.join) m += " · " + t("balking");
  if (s.rates) m += " · " + t("load-dependent");
  if (s.scheduled) m += " · " + t("shifts");
  return m;
}

// drawBlocked crosses out a server holding a customer blocked by a full
// buffer downstream.
function drawBlocked(box, cx, cy) {
  box.append(svgEl("circle", { cx, cy, r: 8.5, class: "server-blocked" }));
  box.append(svgEl("path", { d: `M${cx - 5},${cy - 5} L${cx + 5},${cy + 5}`, class: "server-blocked" }));
}

// drawRouter draws a router: a diamond with its policy; it holds
// customers only while they wait for a full buffer.
function drawRouter(s, snap, p) {
  const g = svgEl("g", { class: "station router", transform: `translate(${p.x},${p.y})`, "data-station": s.name });
  const cx = BOX.w / 2, cy = BOX.h / 2;
  g.append(svgEl("path", { d: `M${cx},4 L${BOX.w - 40},${cy} L${cx},${BOX.h - 4} L40,${cy} z`, class: "box" }));
  g.append(svgEl("text", { x: cx, y: cy - 4, class: "st-name", "text-anchor": "middle" }, s.name));
  g.append(svgEl("text", { x: cx, y: cy + 12, class: "st-meta", "text-anchor": "middle" }, t("router · {0}", s.policy || "")));
  if (snap.blocked > 0) g.append(svgEl("text", { x: cx, y: BOX.h + 12, class: "st-meta blocked-label", "text-anchor": "middle" }, t("{0} blocked", snap.blocked)));
  return g;
}
