// queuelab network page: opens a network (a catalogue example, an uploaded
// file or a replay link), runs it on the server, polls its state and draws
// the graph (netgraph.js), the charts (netcharts.js), the comparison table
// and the change controls. Plain JavaScript, no libraries, no network
// beyond the server that sent it.
"use strict";

const net = {
  catalogue: [],  // from /api/networks
  id: null,       // session id
  st: null,       // last state
  source: null,   // an uploaded file: {name, source}
  timer: null,
  pollGen: 0,     // the current polling chain (see poll)
  slot: 0,        // the class the charts show: st.slots[slot], 0 = all classes
  shown: { sig: null }, // the state and slot on screen (see show)
};

const byId = (id) => document.getElementById(id);
function html(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") e.textContent = v;
    else if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}

async function netApi(method, path, body) {
  const opt = { method, headers: langHeaders({}) };
  if (body !== undefined) { opt.body = JSON.stringify(body); opt.headers["Content-Type"] = "application/json"; }
  const res = await fetch(path, opt);
  let data;
  try { data = await res.json(); } catch (e) { data = { error: t("the server sent no JSON ({0})", res.status) }; }
  if (!res.ok) throw new Error(data && data.error ? data.error : "HTTP " + res.status);
  return data;
}

// ---------- lessons: a small, safe Markdown subset ----------
function inline(text) {
  const frag = document.createDocumentFragment();
  for (const part of text.split(/(\*\*[^*]+\*\*|`[^`]+`)/)) {
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4) frag.append(html("strong", { text: part.slice(2, -2) }));
    else if (part.startsWith("`") && part.endsWith("`") && part.length > 2) frag.append(html("code", { text: part.slice(1, -1) }));
    else if (part) frag.append(document.createTextNode(part));
  }
  return frag;
}

function renderLesson(md) {
  const box = byId("lesson");
  box.replaceChildren();
  if (!md) { box.append(html("p", { class: "muted", text: t("An uploaded network: try changing a rate, a population, a number of servers or a service law, and watch the verdicts.") })); return; }
  let list = null;
  for (const block of md.replace(/\r/g, "").split(/\n\s*\n/)) {
    for (const line of block.split("\n")) {
      const t = line.trim();
      if (!t) continue;
      if (t.startsWith("# ")) { box.append(html("h3", {}, inline(t.slice(2)))); list = null; continue; }
      if (/^[-*] /.test(t)) {
        if (!list) { list = html("ul"); box.append(list); }
        list.append(html("li", {}, inline(t.slice(2))));
        continue;
      }
      if (list && /^\s/.test(line)) { list.lastChild.append(" ", inline(t)); continue; }
      list = null;
      const last = box.lastChild;
      if (last && last.tagName === "P" && last.dataset.open) last.append(" ", inline(t));
      else { const p = html("p", { "data-open": "1" }, inline(t)); box.append(p); }
    }
    list = null;
    for (const p of box.querySelectorAll("p[data-open]")) delete p.dataset.open;
  }
}

// ---------- the session ----------
function urlParams() {
  const q = new URLSearchParams(location.search);
  return { net: q.get("net"), seed: q.get("seed"), at: q.getAll("at"), src: q.get("src"), file: q.get("file") };
}

function encodeSource(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function decodeSource(s) {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

async function openNetwork(req) {
  showError("");
  if (net.id) { netApi("POST", `/api/networks/sessions/${net.id}/close`).catch(() => {}); net.id = null; }
  try {
    const st = await netApi("POST", "/api/networks/sessions", req);
    net.id = st.id;
    net.st = null;
    net.slot = 0;
    show(st);
    poll();
  } catch (e) {
    showError(e.message);
  }
}

// currentSeed is the seed the page shows, kept when another network is
// chosen (undefined before the first run: the server picks one).
function currentSeed() { return net.st ? net.st.seed : undefined; }

function openFromPicker() {
  const name = byId("network").value;
  if (!name) { // "(an opened file)": the last file opened, if any
    if (net.source) openNetwork({ name: net.source.name, source: net.source.source, seed: currentSeed() });
    return;
  }
  net.source = null;
  openNetwork({ example: name, seed: currentSeed() });
}

// poll fetches the state and schedules the next poll. Each call starts a
// new chain; an older chain still waiting for its answer ends there, so
// actions that poll at once never multiply the polling.
async function poll() {
  clearTimeout(net.timer);
  if (!net.id) return;
  const id = net.id, gen = ++net.pollGen;
  try {
    const st = await netApi("GET", `/api/networks/sessions/${id}/state`);
    if (gen !== net.pollGen) return;
    if (id === net.id) show(st);
  } catch (e) {
    if (gen !== net.pollGen) return;
    showError(e.message);
  }
  const busy = net.st && (net.st.running || net.st.pending.length);
  net.timer = setTimeout(poll, busy ? 250 : 1000);
}

function replayURL(st) {
  const q = new URLSearchParams();
  if (st.origin) q.set("net", st.origin.replace(/\.ya?ml$/, ""));
  else if (net.source) {
    const enc = encodeSource(net.source.source);
    if (enc.length < 6000) q.set("src", enc); // larger files do not travel in a link
    q.set("file", st.file);
  }
  q.set("seed", st.seed);
  const lang = new URLSearchParams(location.search).get("lang");
  if (lang) q.set("lang", lang);
  for (const t of st.taken) q.append("at", t);
  return location.pathname + "?" + q.toString();
}

// ---------- drawing the state ----------
function show(st) {
  const structure = !net.st || net.st.epoch !== st.epoch || net.st.taken.length !== st.taken.length || net.st.id !== st.id;
  net.st = st;
  if (document.activeElement !== byId("seed") && byId("seed").value !== String(st.seed)) byId("seed").value = st.seed;
  // A poll while paused answers the state on screen again: it is not
  // drawn again (the panels are drawn from st and net.slot alone), but
  // the first minutes' panel still asks for its chain while the server
  // computes it (drawTransient keeps its own nodes when nothing changed).
  const same = unchanged(net.shown, JSON.stringify(st) + "|" + net.slot);
  if (!structure && same) { drawTransient(st); return; }
  byId("clock").textContent = fmtTime(st.time);
  byId("unit").textContent = "· " + t("1 unit = {0}", fmtTime(st.graph.unit));
  byId("seed-show").textContent = st.seed;
  byId("download").href = `/api/networks/sessions/${st.id}/network.yaml`;
  for (const b of document.querySelectorAll("#speeds button")) b.classList.toggle("on", Number(b.dataset.speed) === st.speed);
  byId("play").classList.toggle("primary", !st.running);
  byId("play").disabled = st.running;
  byId("pause").disabled = !st.running;
  if (st.running && st.speed) net.speed = st.speed;
  byId("net-title").textContent = st.graph.name || st.file;
  drawGraph(byId("graph"), st);
  drawSlots(st);
  drawCharts(byId("charts"), st, net.slot);
  drawTransient(st);
  drawTable(st);
  drawPercentiles(st);
  drawLegend(st);
  drawTaken(st);
  drawBanner(st);
  drawWhatIf(st);
  drawPWait(st);
  if (structure) {
    drawChanges(st);
    history.replaceState(null, "", replayURL(st));
  }
}

// drawPWait lists P(wait) at the Erlang C stations: the formula and what
// the simulation's mean wait implies.
function drawPWait(st) {
  const list = st.pWait || [];
  byId("pwait").hidden = !list.length;
  if (unchanged(byId("pwait-list").dataset, JSON.stringify(list) + I18N.lang)) return;
  byId("pwait-list").replaceChildren(...list.map((p) => {
    const sim = p.implied === null ? t("the simulation's wait has no interval yet") : t("the simulation's wait implies {0} ± {1}", fmtNum(p.implied), fmtNum(p.impliedHalf));
    const li = html("li", { "data-station": p.station, text: t("{0}: P(wait) = C({1}, {2}) = {3} · {4}", p.station, p.servers, fmtNum(p.load), fmtNum(p.pWait), sim) });
    li.dataset.pwait = String(p.pWait);
    if (p.implied !== null) li.dataset.implied = String(p.implied);
    return li;
  }));
}

// drawSlots offers the charts of each class apart when there are several.
function drawSlots(st) {
  const box = byId("chart-classes");
  box.replaceChildren();
  if (st.slots.length < 2) return;
  if (net.slot >= st.slots.length) net.slot = 0;
  box.append(t("charts of:") + " ");
  st.slots.forEach((c, k) => box.append(html("button", { text: c || t("all classes"), class: k === net.slot ? "on" : "", "data-slot": c,
    onclick: () => { net.slot = k; show(net.st); } })));
}

function drawLegend(st) {
  const box = byId("classes");
  box.replaceChildren();
  st.graph.classes.forEach((c, i) => {
    const what = c.population > 0 ? t("closed, {0} customers", c.population) : arrivalsText(c);
    box.append(html("span", { class: "cls" }, html("i", { style: `background:${classColour(i)}` }), `${c.name} (${what})`));
  });
}

// arrivalsText describes an open class's arrivals: Poisson at a rate, or
// a MAP, a rate that changes over time, batches (λ is then the mean rate
// of customers).
function arrivalsText(c) {
  if (!c.phases && !c.steps && !c.batch) return t("open, λ = {0}/s into {1}", fmtNum(c.rate), c.to);
  const parts = [t("open, mean λ = {0}/s into {1}", fmtNum(c.rate), c.to)];
  if (c.phases) parts.push(t("MAP arrivals ({0} phases)", c.phases));
  if (c.steps) {
    parts.push(t("rate over time: {0}", c.steps.map(s => t("t ≥ {0} s: {1}/s", fmtNum(s[0]), fmtNum(s[1]))).join(", ")));
    if (c.period) parts.push(t("repeating every {0} s", fmtNum(c.period)));
  }
  if (c.batch) parts.push(t("in batches of mean {0}", fmtNum(c.batch)));
  return parts.join("; ");
}

function drawBanner(st) {
  const b = byId("banner");
  const trapped = st.trapped || [];
  if (!st.unstable.length && !trapped.length) { b.hidden = true; return; }
  b.hidden = false;
  if (trapped.length) {
    b.textContent = t("Unstable: customers who reach {0} never leave — the routes there form a loop with no way out, so the network fills for as long as it runs, and no formula applies. Route some of them out of the network.", trapped.join(", "));
    return;
  }
  b.textContent = t("Unstable: {0}.", st.unstable.map((u) => t("{0} has ρ = {1} ≥ 1", u.station, fmtNum(u.rho))).join(", ")) + " " +
    t("Work arrives faster than it can be served there, so it has no steady state: its queue grows for as long as it runs, and no formula applies to it or to what comes after it. Lower the load or add servers.");
}

function drawTaken(st) {
  const ol = byId("taken");
  ol.replaceChildren();
  for (const x of st.taken) ol.append(html("li", { text: x.replace(":", " s: ") }));
  for (const x of st.planned) ol.append(html("li", { class: "planned", text: x.replace(":", " s: ") + " " + t("(planned)") }));
  for (const c of st.pending) ol.append(html("li", { class: "planned", text: c + " " + t("(next step)") }));
  byId("messages").textContent = st.messages.join("\n");
}

// i18n keys: the measures' names below are catalogue keys
const NAMES = { throughput: "X · throughput", utilization: "ρ · utilisation", mean_in_system: "L", mean_in_queue: "Lq", mean_response: "W", mean_wait: "Wq", p_loss: "P(loss)", p_abandon: "P(abandon)",
  p_balk: "P(balk)", mean_sync_delay: "synchronisation delay", throughput_lower: "X lower bound", throughput_upper: "X upper bound", mean_response_lower: "R + Z lower bound", mean_response_upper: "R + Z upper bound" };

// i18n keys: the table's column heads
const TABLE_HEAD = ["station", "class", "measure", "simulated ± 95 %", "verdict's interval", "formula", "method", "verdict"];

function drawTable(st) {
  const t_ = byId("table");
  t_.replaceChildren(html("tr", {}, ...TABLE_HEAD.map((h) => html("th", { scope: "col", text: t(h) }))));
  const unstable = new Set([...st.unstable.map((u) => u.station), ...(st.trapped || [])]);
  for (const r of st.rows) {
    const f = r.formulas.length ? bestFormula(r.formulas) : null;
    let sim = r.sim === null ? "—" : fmtNum(r.sim) + (r.halfWidth === null ? "" : " ± " + fmtNum(r.halfWidth));
    const grows = unstable.has(r.station) || (r.station === "network" && unstable.size > 0);
    if (grows && r.name !== "utilization" && r.name !== "throughput") sim = t("growing: unstable");
    const method = f ? `${tm(f.method)} (${f.exact ? t("exact") : t("approximate")})` : "";
    t_.append(html("tr", { "data-row": `${r.station}/${r.class}/${r.name}` },
      html("td", { text: r.station === "network" ? t("network") : r.station }), html("td", { text: r.class || t("all") }), html("td", { text: NAMES[r.name] ? t(NAMES[r.name]) : r.name }),
      html("td", { class: "v", text: sim }), html("td", { class: "v vi", text: verdictInterval(r), title: t("the interval the verdict compares the formula with: confidence 1 − α, α = {0}", fmtNum(r.alpha)) }),
      html("td", { class: "v", text: f ? fmtNum(f.value) : "—" }),
      html("td", { text: method }), html("td", { class: "verdict-cell " + (r.verdict || ""), text: verdictText(r) })));
  }
}

// verdictText words a row's verdict in the page's language: the server
// sends the text of an approximate or disagreeing verdict in it (with the
// numbers it names), and the same text is the badge's tooltip.
function verdictText(r) {
  switch (r.verdict) {
    case "agrees": return t("agrees with {0}", tm(bestFormula(r.formulas).method));
    case "approximate": return r.text || t("approximate");
    case "disagrees": return r.text || t("DISAGREES");
    case "inconclusive": return t("collecting");
  }
  return "";
}

// verdictInterval writes the interval a verdict used, [lo, hi] at
// confidence 1 − α (the row's alpha), or "—" before there is a verdict.
function verdictInterval(r) {
  if (r.verdictHalf === null || r.sim === null) return "—";
  return "[" + fmtNum(r.sim - r.verdictHalf) + ", " + fmtNum(r.sim + r.verdictHalf) + "]";
}

// ---------- changes ----------
function showError(msg) {
  const e = byId("change-error");
  e.hidden = !msg;
  e.textContent = msg;
}

// sendChange sends a change and reports whether the server took it; a
// refused one shows its reason at once.
async function sendChange(text) {
  showError("");
  try {
    await netApi("POST", `/api/networks/sessions/${net.id}/change`, { change: text });
    poll();
    return true;
  } catch (e) { showError(e.message); return false; }
}

// valueControl is a labelled input with a "set" button sending "PREFIX=value".
function valueControl(label, prefix, value, help) {
  const input = html("input", { type: "text", value: String(value), "data-change": prefix, size: "6" });
  const id = "chg-" + prefix.replace(/[^A-Za-z0-9_-]/g, "_");
  input.id = id;
  const set = html("button", { text: t("set"), "data-set": prefix, "aria-label": t("set") + " " + label, onclick: async () => {
    // A refused value goes back to the value in force, so the box never
    // shows as set what the network did not take.
    if (!(await sendChange(`${prefix}=${input.value.trim()}`))) input.value = String(value);
  } });
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") set.click(); });
  return html("div", { class: "control", title: help }, html("label", { class: "name", text: label, for: id }), html("span", { class: "input" }, input, set));
}

function choiceControl(label, prefix, choices, current, help) {
  const span = html("span", { class: "input" });
  for (const c of choices) {
    span.append(html("button", { text: c, class: c === current ? "on" : "", "aria-pressed": String(c === current), "data-change": prefix, "data-value": c, onclick: () => sendChange(`${prefix}=${c}`) }));
  }
  if (current && !choices.includes(current)) span.append(html("span", { class: "now", text: t("now {0}", current) }));
  const id = "grp-" + prefix.replace(/[^A-Za-z0-9_-]/g, "_");
  span.setAttribute("role", "group");
  span.setAttribute("aria-labelledby", id);
  return html("div", { class: "control", title: help }, html("span", { class: "name", id, text: label }), span);
}

function drawChanges(st) {
  const box = byId("changes");
  box.replaceChildren();
  const g = st.graph;
  for (const c of g.classes) {
    if (c.population > 0) {
      box.append(valueControl(t("N of {0}", c.name), `population ${c.name}`, c.population,
        t("customers of this closed class, a whole number ≥ 1; a change starts the run again from now, with all of them at {0}", c.to)));
      continue;
    }
    box.append(valueControl(t("λ of {0} (/s)", c.name), `rate ${c.name}`, fmtP(c.rate), t("external arrival rate of this open class")));
  }
  for (const s of g.stations) {
    if (s.kind === "fork" || s.kind === "join") continue; // nothing to change live
    box.append(html("h3", { class: "st-head", text: s.name }));
    if (s.kind === "router") { drawFeatureChanges(box, s); continue; }
    if (s.servers < 0) box.append(html("div", { class: "control" }, html("span", { class: "name", text: t("servers") }), html("span", { class: "now", text: t("∞ (a delay station: nobody waits)") })));
    else box.append(valueControl(t("servers"), `servers ${s.name}`, s.servers, t("a whole number ≥ 1")));
    const dists = [...new Set(s.service.map((x) => x.dist))];
    box.append(choiceControl(t("service law"), `service ${s.name}`, g.choices.services, dists.length === 1 ? dists[0] : dists.join(" / "),
      t("same mean, different variability: exp (cv 1), det (cv 0), hyperexp (cv > 1)")));
    if (s.servers >= 0) box.append(choiceControl(t("discipline"), `discipline ${s.name}`, g.choices.disciplines, s.discipline, t("the order in which the station serves; a change starts the run again, empty, from now")));
    drawFeatureChanges(box, s);
  }
  const routes = routeGroups(g).filter((r) => r.to && !r.per[0].tasks && !r.per[0].policy); // a fork's split and a router's policy are not probabilities
  if (routes.length) box.append(html("h3", { class: "st-head", text: t("routing") }));
  for (const r of routes) {
    const shared = r.per.some((x) => x.class === ""); // one row for every class; else a control per class
    for (const pr of shared ? [{ class: "", p: r.per[0].p }] : r.per) {
      const target = `${r.from}>${r.to}` + (pr.class && g.classes.length > 1 ? "/" + pr.class : "");
      box.append(valueControl(`${r.from} → ${r.to}${pr.class && g.classes.length > 1 ? " (" + pr.class + ")" : ""}`, `route ${target}`, fmtP(pr.p), t("probability; what is left of the row leaves the network")));
    }
  }
}

// ---------- run bar and pickers ----------
function runAt(speed) { netApi("POST", `/api/networks/sessions/${net.id}/run`, { speed }).then(poll, (e) => showError(e.message)); }

function wire() {
  for (const b of document.querySelectorAll("#speeds button")) b.addEventListener("click", () => runAt(Number(b.dataset.speed)));
  byId("pause").addEventListener("click", () => runAt(0));
  byId("play").addEventListener("click", () => runAt(net.speed || 10));
  byId("step").addEventListener("click", () => netApi("POST", `/api/networks/sessions/${net.id}/step`).then(poll, (e) => showError(e.message)));
  byId("restart").addEventListener("click", () => netApi("POST", `/api/networks/sessions/${net.id}/restart`, {}).then((st) => { net.st = null; show(st); poll(); }, (e) => showError(e.message)));
  byId("network").addEventListener("change", () => { selectLesson(); openFromPicker(); });
  byId("seed").addEventListener("change", () => {
    const seed = Number(byId("seed").value);
    if (Number.isInteger(seed) && seed >= 0) netApi("POST", `/api/networks/sessions/${net.id}/restart`, { seed }).then((st) => { net.st = null; show(st); poll(); }, (e) => showError(e.message));
  });
  byId("newseed").addEventListener("click", () => {
    const seed = 1 + Math.floor(Math.random() * 1e6);
    netApi("POST", `/api/networks/sessions/${net.id}/restart`, { seed }).then((st) => { net.st = null; show(st); poll(); }, (e) => showError(e.message));
  });
  byId("share").addEventListener("click", async () => {
    const url = location.origin + replayURL(net.st);
    try { await navigator.clipboard.writeText(url); byId("share").textContent = t("link copied"); } catch (e) { prompt(t("Copy this link to replay the run:"), url); }
    setTimeout(() => { byId("share").textContent = t("copy replay link"); }, 1500);
  });
  byId("upload").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    const text = await f.text();
    net.source = { name: f.name, source: text };
    byId("network").value = "";
    renderLesson("");
    openNetwork({ name: f.name, source: text, seed: currentSeed() });
  });
  window.addEventListener("pagehide", () => { if (net.id) navigator.sendBeacon(`/api/networks/sessions/${net.id}/close`); });
}

function selectLesson() {
  const n = net.catalogue.find((x) => x.name === byId("network").value);
  renderLesson(n ? tm(n.lesson) : "");
}

async function start() {
  await loadI18n();
  wire();
  let cat;
  try { cat = await netApi("GET", "/api/networks"); } catch (e) { showError(e.message); return; }
  net.catalogue = cat.networks;
  renderClassroom("network");
  if (!cat.available) { showError(t("This server does not simulate networks.")); return; }
  const sel = byId("network");
  sel.append(html("option", { value: "", text: t("(an opened file)") }));
  for (const n of cat.networks) sel.append(html("option", { value: n.name, text: tm(n.title) }));
  const p = urlParams();
  const seed = p.seed !== null && /^\d+$/.test(p.seed) ? Number(p.seed) : undefined;
  if (p.src) {
    try {
      net.source = { name: p.file || "network.yaml", source: decodeSource(p.src) };
    } catch (e) { showError(t("the link's network file is damaged: {0}", e.message)); return; }
    sel.value = "";
    renderLesson("");
    return openNetwork({ name: net.source.name, source: net.source.source, seed, at: p.at });
  }
  if (p.file) { // made for a file too large to travel in the link
    showError(t("This link replays {0}, a file too large to travel in a link: open it with “open file…”.", p.file));
    renderLesson("");
    return;
  }
  const pick = cat.networks.find((n) => n.name === p.net || n.name.replace(/\.ya?ml$/, "") === p.net) || cat.networks[0];
  if (!pick) { showError(t("No network to show: open a file.")); return; }
  sel.value = pick.name;
  selectLesson();
  openNetwork({ example: pick.name, seed, at: p.at });
}

start();

// drawFeatureChanges adds the controls of a station's features: a
// router's policy, a buffer, join probabilities, rate multipliers.
function drawFeatureChanges(box, s) {
  if (s.kind === "router") {
    box.append(choiceControl(t("policy"), `policy ${s.name}`, ["random", "round-robin", "jsq", "power-of-d"], (s.policy || "").split(":")[0],
      t("how the router chooses: at random, in turn, the shortest queue, or the shorter of d drawn at random")));
    return;
  }
  if (s.buffer > 0) box.append(valueControl(t("buffer"), `buffer ${s.name}`, s.buffer, t("most customers here; upstream servers hold theirs while it is full")));
  if (s.join) box.append(valueControl(t("join probabilities"), `join ${s.name}`, s.join.join(", "), t("an arrival finding n present joins with the n-th (from 0; the last holds beyond)")));
  if (s.rates) box.append(valueControl(t("rate multipliers"), `rates ${s.name}`, s.rates.join(", "), t("service rate with 1, 2, … present, times the base rate (the last holds beyond)")));
}
