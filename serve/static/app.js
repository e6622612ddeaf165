// queuelab live simulator page. Plain JavaScript, no libraries, no network
// beyond the server that sent it. It keeps one simulation session (one per
// tab), polls its state a few times a second and draws it.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
};
const SVGNS = "http://www.w3.org/2000/svg"; // a namespace name, not fetched
const svg = (tag, attrs) => {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
};

// ---------- state ----------
const app = {
  systems: [],       // from /api/systems
  system: null,      // the current system description
  id: null,          // session id
  epoch: -1,
  columns: [],
  rows: [],          // des rows (arrays, null = undefined)
  twin: [],          // formula rows
  st: null,          // last state answer
  polling: false,
  dots: [],          // animated dots
  lastPicMinute: -1,
  // The panels fetched for a state set their key before the fetch and
  // their drawn marker after drawing the answer (tests wait for drawn ===
  // key; keyedFetch): the reference playbook's here, GUIDE, MODELP and
  // WHY. (WHATIF keeps its own key and drawn, with its own logic.)
  reference: { key: null, drawn: null },
  shown: { sig: null }, // drawnSig of the state answer on screen (see absorb)
};

async function api(method, path, body) {
  const opt = { method, headers: langHeaders({}) };
  if (body !== undefined) {
    opt.body = JSON.stringify(body);
    opt.headers["Content-Type"] = "application/json";
  }
  const res = await fetch(path, opt);
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: t("the server sent no JSON ({0})", res.status) }; }
  if (!res.ok) {
    const err = new Error(data && data.error ? data.error : "HTTP " + res.status);
    err.status = res.status;
    throw err;
  }
  return data;
}

// ---------- formatting ----------
function scaled(v, unit) {
  if (unit === "%") return v * 100;
  if (unit === "‰") return v * 1000;
  return v;
}
function fmt(v, col) {
  if (v === null || v === undefined || Number.isNaN(v)) return "—";
  return num(scaled(v, col.unit), col.digits);
}
function fmtUnit(v, col) { return withUnit(fmt(v, col), col.unit); }
// i18n keys: a status word is shown through t()
const STATUS_WORDS = ["normal", "warning", "critical", "on", "off"];

function status(v, col) {
  const t = col.status;
  if (!t || v === null || v === undefined) return "";
  if (t.higherIsBetter) return v < t.critical ? "critical" : v < t.warning ? "warning" : "normal";
  return v > t.critical ? "critical" : v > t.warning ? "warning" : "normal";
}
function goalText(g) {
  return g.op.replace(">=", "≥").replace("<=", "≤") + " " + fmtUnit(g.target, { unit: g.unit, digits: goalDigits(g) });
}

// ---------- clock time ----------
// A scenario with a clock (the web service's: "09:00" at minute 0) names
// minutes by their time of day; the others by their number.
function clockOf(m) {
  const sc = app.system && app.st && app.system.scenarios.find((s) => s.name === app.st.scenario);
  if (!sc || !sc.clock) return null;
  const [h, mm] = sc.clock.split(":").map(Number);
  const tot = (h * 60 + mm + m) % 1440;
  return String(Math.floor(tot / 60)).padStart(2, "0") + ":" + String(tot % 60).padStart(2, "0");
}
// at names minute m: "09:10" on a clock, else "minute 10".
function at(m) { const c = clockOf(m); return c === null ? t("minute {0}", m) : c; }
// tick labels minute m on a chart's time axis.
function tick(m) { const c = clockOf(m); return c === null ? m + t("m") : c; }
function goalDigits(g) {
  const x = Math.abs(scaled(g.target, g.unit));
  return x === Math.round(x) ? 0 : x * 10 === Math.round(x * 10) ? 1 : 2;
}

// A state word gets a colour family; unknown words a stable colour of
// their own (listed in the legend).
const WORDS = {
  good: ["in-service", "serving", "normal", "approved", "ok", "served", "hit", "answered", "up", "healthy", "good", "genuine", "success", "fast", "warm", "new", "stable"],
  warn: ["booting", "warming", "slow", "stand-in", "standin", "step-up", "stepup", "degraded", "draining", "retry", "retried", "queued", "waiting", "reversed", "reversal", "shed-low", "deploying", "rollback", "miss", "busy"],
  bad: ["down", "failed", "fail", "timeout", "timed-out", "error", "declined", "critical", "shed", "rejected", "unreachable", "dropped", "fraud", "bad", "bad-build", "lost", "abandoned", "reneged", "overload"],
  idle: ["empty", "idle", "off", "none", "cold", "free", "spare"],
};
const PALETTE = ["#5aa9e6", "#c792ea", "#7fdbca", "#f78c6c", "#ffcb6b", "#82aaff", "#f07178"];
const COLORS = { good: "#3fb871", warn: "#e8a93b", bad: "#e5534b", idle: "#4a5562" };
function family(word) {
  const w = String(word || "").toLowerCase();
  for (const [f, list] of Object.entries(WORDS)) if (list.includes(w)) return f;
  for (const [f, list] of Object.entries(WORDS)) if (list.some((x) => w.includes(x))) return f;
  return "";
}
function wordColor(word) {
  const f = family(word);
  if (f) return COLORS[f];
  let h = 0;
  for (const c of String(word)) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

// ---------- URL (shareable replay) ----------
function readURL() {
  const q = new URLSearchParams(location.search);
  const seed = q.get("seed");
  return { system: q.get("system"), scenario: q.get("scenario"), seed: seed && /^\d+$/.test(seed) ? Number(seed) : null, at: q.getAll("at") };
}
function shareURL() {
  const st = app.st;
  if (!st) return location.href;
  const q = new URLSearchParams();
  q.set("system", st.system);
  q.set("scenario", st.scenario);
  q.set("seed", String(st.seed));
  const lang = new URLSearchParams(location.search).get("lang");
  if (lang) q.set("lang", lang);
  for (const a of st.taken) q.append("at", a.minute + "m:" + a.control + "=" + a.value);
  for (const a of st.planned) q.append("at", a.minute + "m:" + a.control + "=" + a.value);
  return location.origin + location.pathname + "?" + q.toString();
}
function updateURL() {
  const u = shareURL();
  if (u !== location.href) history.replaceState(null, "", u);
}

// ---------- sessions ----------
async function startSession(system, scenario, seed, at) {
  if (app.id) closeSession();
  const body = { system, scenario };
  if (seed !== null && seed !== undefined) body.seed = seed;
  if (at && at.length) body.at = at;
  let st;
  try {
    st = await api("POST", "/api/sessions", body);
  } catch (e) {
    showError(e.message);
    return;
  }
  app.system = app.systems.find((s) => s.name === st.system);
  app.id = st.id;
  resetRun(st);
  renderSystemChrome();
  absorb(st);
  if (!app.polling) poll();
}
function closeSession() {
  if (!app.id) return;
  const id = app.id;
  app.id = null;
  navigator.sendBeacon ? navigator.sendBeacon("/api/sessions/" + id + "/close") : fetch("/api/sessions/" + id + "/close", { method: "POST" });
}
window.addEventListener("pagehide", closeSession);

function resetRun(st) {
  app.epoch = st.epoch;
  app.rows = [];
  app.twin = [];
  app.dots = [];
  app.lastPicMinute = -1;
  app.columns = st.columns;
  $("summary").hidden = true;
}

// absorb merges a state answer into the page. An answer that arrives
// late — another session's (a poll sent before a switch of system) or an
// older run's of this one (a poll sent before a restart: epochs only grow)
// — is dropped, or it would put the old run back on screen until the
// next poll.
function absorb(st) {
  if (st.id !== app.id || st.epoch < app.epoch) return;
  if (st.epoch !== app.epoch) resetRun(st);
  app.columns = st.columns;
  app.rows.length = st.since;
  app.twin.length = Math.min(app.twin.length, st.since);
  app.rows.push(...st.rows);
  if (st.twin) app.twin.push(...st.twin);
  app.st = st;
  // A poll while paused answers the state on screen again: nothing is
  // drawn (a redraw of every panel twice a second cost an idle tab a
  // sixth of a core), but the two inputs the reader may have left
  // changed go back to the state's values. Every panel is drawn from
  // app.st and app.rows, so an answer that equals the one drawn, rows
  // counted, draws the same page; a direct render() (the twin box)
  // still draws at once.
  if (unchanged(app.shown, drawnSig(st))) { keepInputs(st); return; }
  render();
}

// drawnSig names what a state answer draws: the answer without its new
// rows, with the number of rows (and twin rows) the page holds after it.
function drawnSig(st) {
  return JSON.stringify({ ...st, since: 0, rows: app.rows.length, twin: app.twin.length });
}

// keepInputs puts the scenario picker and the seed box (unless it is
// being typed in) back to the state's values, as render does.
function keepInputs(st) {
  if ($("scenario").value !== st.scenario) $("scenario").value = st.scenario;
  if (document.activeElement !== $("seed") && $("seed").value !== String(st.seed)) $("seed").value = st.seed;
}

// fetchState asks for the rows not seen yet and merges the answer. Two
// answers for the same rows merge to the same page, so it may overlap the
// polling loop.
async function fetchState() {
  if (!app.id) return;
  try {
    const st = await api("GET", "/api/sessions/" + app.id + "/state?since=" + app.rows.length + "&epoch=" + app.epoch);
    absorb(st);
  } catch (e) {
    if (e.status === 404) { showError(e.message); app.id = null; }
  }
}

async function poll() {
  app.polling = true;
  while (true) {
    await fetchState();
    const fast = app.st && app.st.running;
    await new Promise((r) => setTimeout(r, fast ? 150 : 500));
  }
}

function showError(msg) {
  const p = $("control-error");
  p.textContent = msg;
  p.hidden = !msg;
}

async function send(path, body) {
  if (!app.id) return null;
  try {
    const out = await api("POST", "/api/sessions/" + app.id + path, body);
    showError("");
    return out;
  } catch (e) {
    showError(e.message);
    return null;
  }
}

// ---------- rendering: chrome (once per session) ----------
function renderSystemChrome() {
  const sys = app.system;
  const nav = $("systems");
  nav.replaceChildren(...app.systems.map((s) => el("button", {
    class: s.name === sys.name ? "on" : "", text: tm(s.title || s.name).split(":")[0], title: s.name, "aria-pressed": String(s.name === sys.name),
    onclick: () => { if (s.name !== app.system.name) startSession(s.name, s.scenarios[0].name, Number($("seed").value) || null, []); },
  })));
  renderClassroom(sys.name);
  const sel = $("scenario");
  sel.replaceChildren(...sys.scenarios.map((sc) => el("option", { value: sc.name, text: sc.name + " · " + tm(sc.title || sc.name) })));
  renderControls();
}

function renderControls() {
  const box = $("controls");
  box.replaceChildren();
  for (const c of app.system.controls) {
    const input = el("div", { class: "input" });
    const setTo = async (value) => {
      if (await send("/control", { control: c.name, value: String(value) })) fetchState();
    };
    switch (c.kind) {
      case "switch":
        for (const v of ["on", "off"]) input.append(el("button", { "data-control": c.name, "data-value": v, text: t(v), "aria-label": c.name + " " + t(v), onclick: () => setTo(v) }));
        break;
      case "enum":
        for (const v of c.choices) input.append(el("button", { "data-control": c.name, "data-value": v, text: v, "aria-label": c.name + " " + v, onclick: () => setTo(v) }));
        break;
      case "press":
        input.append(el("button", { "data-control": c.name, text: t("press"), "aria-label": t("press") + " " + c.name, onclick: () => setTo("press") }));
        break;
      default: {
        const pct = c.kind === "percent";
        const lo = pct ? c.min * 100 : c.min, hi = pct ? c.max * 100 : c.max;
        const box = el("input", { type: c.kind === "duration" ? "text" : "number", "data-control": c.name, title: rangeText(c), id: "ctl-" + c.name, "aria-describedby": "help-" + c.name });
        if (c.kind !== "duration") { box.min = lo; box.max = hi; box.step = c.kind === "int" ? 1 : "any"; }
        box.placeholder = c.kind === "duration" ? t("e.g. 8s") : numg(lo, 3) + "–" + numg(hi, 3);
        box.addEventListener("keydown", (ev) => { if (ev.key === "Enter") setTo(box.value); });
        input.append(box, el("button", { text: t("set"), "data-set": c.name, "aria-label": t("set") + " " + c.name, onclick: () => setTo(box.value) }));
        if (pct) input.append(el("span", { class: "now", text: "%" }));
      }
    }
    // The current value has a line of its own, of fixed height, so that a
    // new value never moves the buttons under the pointer.
    const now = el("div", { class: "now value", "data-now": c.name });
    const numeric = !["switch", "enum", "press"].includes(c.kind);
    const name = numeric ? el("label", { class: "name", text: c.name, for: "ctl-" + c.name }) : el("div", { class: "name", text: c.name, id: "name-" + c.name });
    if (!numeric) input.setAttribute("role", "group"), input.setAttribute("aria-labelledby", "name-" + c.name);
    box.append(el("div", { class: "control" }, name, input, now, el("div", { class: "help", id: "help-" + c.name, text: (c.help ? tm(c.help) + " · " : "") + rangeText(c) })));
  }
}

// rangeText says which values a control takes, in the page's language.
function rangeText(c) {
  switch (c.kind) {
    case "int": return t("a whole number from {0} to {1}", numg(c.min, 3), numg(c.max, 3));
    case "float": return t("a number from {0} to {1}", numg(c.min, 6), numg(c.max, 6));
    case "percent": return t("a percentage from {0} to {1}", pct(c.min * 100, 0), pct(c.max * 100, 0));
    case "switch": return t("on or off");
    case "enum": return t("one of: {0}", c.choices.join(", "));
    case "duration": return t("a duration from {0} s to {1} s (e.g. 90s, 5m)", numg(c.min, 3), numg(c.max, 3));
    case "press": return t("a button");
  }
  return c.range;
}

// controlShown writes a control's value as the page shows it: a switch
// as on or off, units after bare percentages and seconds.
function controlShown(c, v) {
  const t = String(v).trim();
  if (c.kind === "switch") return ["on", "true", "yes", "1"].includes(t.toLowerCase()) ? "on" : "off";
  if (c.kind === "enum") return t.toLowerCase();
  if (c.kind === "percent" && /^[0-9.]+$/.test(t)) return t + "%";
  if (c.kind === "duration" && /^[0-9.]+$/.test(t)) return t + "s";
  return t;
}

// said writes a shown value in the page's language: a switch's on and off
// are words; other values are numbers or the names a playbook uses.
function said(c, v) { return c.kind === "switch" ? t(v) : v; }

// refreshNow shows each control's current value as the server reports it:
// the value the scenario starts with until an action sets it, then the
// value applied and its minute, plus a change waiting for the next minute.
function refreshNow() {
  const vals = new Map((app.st.values || []).map((v) => [v.control, v]));
  for (const c of app.system.controls) {
    const span = document.querySelector('[data-now="' + c.name + '"]');
    if (!span) continue;
    const v = vals.get(c.name);
    let text = "", title = "", now = null;
    if (v && v.set) {
      now = controlShown(c, v.value);
      text = c.kind === "press" ? t("pressed at {0}", at(v.minute)) : t("now {0}", said(c, now));
      title = t("set at {0}", at(v.minute));
    } else if (v && v.value !== "") {
      now = controlShown(c, v.value);
      text = t("start {0}", said(c, now));
      title = t("the value this scenario starts with; no action has changed it in this run");
    }
    const wait = app.st.pending.filter((a) => a.control === c.name).pop();
    if (wait) text += (text ? " · " : "") + t("→ {0} next minute", c.kind === "press" ? t("press") : said(c, controlShown(c, wait.value)));
    span.textContent = text;
    span.title = title ? title + ": " + text : text;
    span.classList.toggle("default", !!v && !v.set);
    for (const b of document.querySelectorAll('button[data-control="' + c.name + '"][data-value]')) {
      b.classList.toggle("on", now !== null && b.dataset.value === now);
    }
    if (c.startOnly) {
      const late = app.st.minute > 0;
      for (const b of document.querySelectorAll('[data-control="' + c.name + '"], [data-set="' + c.name + '"]')) {
        b.disabled = late;
        b.title = late ? t("set before the first minute only: restart to choose it") : "";
      }
    }
  }
}

// ---------- rendering: every state ----------
function render() {
  const st = app.st;
  const sys = app.system;
  const sc = sys.scenarios.find((s) => s.name === st.scenario) || sys.scenarios[0];
  keepInputs(st);
  $("scen-title").textContent = tm(sc.title || sc.name);
  $("scen-story").textContent = tm(sc.story || "");
  $("scen-lesson").textContent = sc.lesson ? t("Lesson: {0}", tm(sc.lesson)) : "";
  $("seed-show").textContent = st.seed;
  $("minute").textContent = st.minute;
  $("length").textContent = st.length;
  const clock = clockOf(st.minute);
  $("clocktime").textContent = clock === null ? "" : " · " + clock;
  $("progress-bar").style.width = Math.min(100, (100 * st.minute) / Math.max(1, st.length)) + "%";
  $("download").href = "/api/sessions/" + st.id + "/playbook.yaml";
  $("twin").disabled = !st.hasTwin;
  for (const b of document.querySelectorAll("#speeds button")) b.classList.toggle("on", st.running && Number(b.dataset.speed) === st.speed);
  // Paused: ▶ is the button to press; pause has nothing to do.
  $("play").classList.toggle("primary", !st.running);
  $("play").disabled = st.running;
  $("pause").disabled = !st.running;
  if (st.running && st.speed) app.speed = st.speed;
  renderGoals(st);
  refreshReference(st);
  renderActions(st);
  renderCards();
  renderPicture(st);
  renderCharts();
  renderDetail();
  renderSummary(st);
  renderModelPanel(st);
  renderWhy(st);
  renderGuide(st);
  refreshNow();
  updateURL();
}

// refreshReference offers the scenario's reference playbook (GET
// /api/playbook), hidden behind a button, with a link that replays it.
async function refreshReference(st) {
  const box = $("reference");
  const ask = () => {
    box.hidden = true;
    $("reference-body").hidden = true;
    $("reference-show").setAttribute("aria-expanded", "false");
    return api("GET", "/api/playbook?system=" + encodeURIComponent(st.system) + "&scenario=" + encodeURIComponent(st.scenario));
  };
  await keyedFetch(app.reference, st.system + "/" + st.scenario, ask, (ref) => {
    $("reference-text").textContent = ref.source;
    const q = new URLSearchParams({ system: st.system, scenario: st.scenario, seed: String(st.seed) });
    const lang = new URLSearchParams(location.search).get("lang");
    if (lang) q.set("lang", lang);
    for (const a of ref.at) q.append("at", a);
    $("reference-run").href = location.pathname + "?" + q.toString();
    box.hidden = false;
  }, () => {}); // none: the box stays hidden
}

function renderGoals(st) {
  const twin = $("twin").checked && st.twinGoals;
  const rows = st.goals.map((g, i) => {
    const tr = el("tr", {});
    // A goal on a window has no verdict before its first minute is run:
    // row m is minute m, so the window's first row exists once minute > from.
    const waiting = st.minute <= (g.from || 0);
    const verdict = waiting
      ? el("span", { class: "verdict waiting", text: "…", title: st.minute === 0 ? "" : t("checked from {0}", at(g.from)) })
      : el("span", { class: "verdict " + (g.met ? "met" : "failed"), text: g.met ? t("MET") : t("FAILED") });
    tr.append(el("td", {}, verdict), el("td", { class: "gname", text: tm(g.name) + " (" + goalText(g) + ")" }));
    const col = { unit: g.unit, digits: goalDigits(g) + 1 };
    let v = fmtUnit(g.value, col);
    if (twin && twin[i]) v += " · " + fmtUnit(twin[i].value, col);
    if (waiting) v = st.minute === 0 ? "" : t("from {0}", at(g.from));
    tr.append(el("td", { class: "v", text: v, title: twin ? t("simulation · formula twin") : "" }));
    return tr;
  });
  const head = el("tr", {}, el("th", { scope: "col", text: t("verdict") }), el("th", { scope: "col", text: t("goal") }), el("th", { scope: "col", class: "v", text: twin ? t("sim · formula") : t("so far") }));
  $("goals").replaceChildren(head, ...rows);
  $("goal-note").textContent = st.final ? t("final verdict at {0}", at(st.final.minute)) : t("checked live on the run so far");
}

// renderActions lists the scenario's events and the actions taken by
// minute (an event before the actions of its minute), then the changes
// still to come.
function renderActions(st) {
  const done = (st.events || []).map((e) => ({ minute: e.minute, li: el("li", { class: "event", text: at(e.minute) + ": " + tm(e.label), title: t("scenario event") }) }));
  for (const a of st.taken) done.push({ minute: a.minute, li: el("li", { text: at(a.minute) + ": " + a.control + " = " + a.value }) });
  const items = done.map((d, i) => [d, i]).sort((p, q) => p[0].minute - q[0].minute || p[1] - q[1]).map((p) => p[0].li);
  for (const a of st.pending) items.push(el("li", { class: "planned", text: t("next minute: {0}", a.control + " = " + a.value) }));
  for (const a of st.planned) items.push(el("li", { class: "planned", text: t("planned at {0}: {1}", at(a.minute), a.control + " = " + a.value) }));
  if (!items.length) items.push(el("li", { class: "planned", text: t("nothing yet — turn a control") }));
  $("actions").replaceChildren(...items);
  $("messages").textContent = st.messages.join("\n");
}

function renderCards() {
  const last = app.rows[app.rows.length - 1];
  const tlast = app.twin[app.twin.length - 1];
  const twinOn = $("twin").checked && app.st.hasTwin;
  const cards = [];
  app.columns.forEach((col, i) => {
    if (!col.headline) return;
    const v = last ? last[i] : null;
    const s = status(v, col);
    const card = el("div", { class: "card " + s, "data-key": col.key });
    card.append(el("div", { class: "label", text: tm(col.label) }));
    const val = el("div", { class: "value", text: fmt(v, col) });
    if (col.unit === "%" && I18N.number.percent.startsWith("%")) val.prepend(el("span", { class: "unit pre", text: "%" })); // Turkish: %98
    else if (col.unit) val.append(el("span", { class: "unit", text: col.unit }));
    card.append(val);
    const sub = el("div", { class: "sub" });
    sub.append(el("span", { class: "word", "data-word": s, text: s ? t(s) : "" }));
    if (twinOn && tlast) sub.append(el("span", { class: "twinv", text: t("formula {0}", fmt(tlast[i], col)), title: t("the formula twin's value for this minute") }));
    card.append(sub);
    cards.push(card);
  });
  $("headline").replaceChildren(...cards);
}

function renderDetail() {
  const last = app.rows[app.rows.length - 1];
  const tlast = app.twin[app.twin.length - 1];
  const tot = app.st.totals, ttot = app.st.twinTotals;
  const twinOn = $("twin").checked && app.st.hasTwin;
  // Unchanged (a poll while paused): keep the nodes, so a tap or a screen
  // reader's place is not lost to a redraw of the same numbers.
  if (unchanged($("detail").dataset, JSON.stringify([app.columns.map((c) => c.key), last, tlast, tot, ttot, twinOn, I18N.lang]))) return;
  const head = el("tr", {}, el("th", { scope: "col", text: t("indicator") }), el("th", { scope: "col", text: t("last minute") }));
  if (twinOn) head.append(el("th", { scope: "col", text: t("formula") }));
  head.append(el("th", { scope: "col", text: t("whole run") }));
  if (twinOn) head.append(el("th", { scope: "col", text: t("formula") }));
  const rows = [head];
  app.columns.forEach((col, i) => {
    const v = last ? last[i] : null;
    const tr = el("tr", {}, el("td", { class: "name" }, definition(col)), el("td", { class: "n " + (status(v, col) ? "s-" + status(v, col) : ""), text: fmtUnit(v, col) }));
    if (twinOn) tr.append(el("td", { class: "t", text: tlast ? fmtUnit(tlast[i], col) : "—" }));
    tr.append(el("td", { class: "n", text: tot ? fmtUnit(tot[i], col) : "—" }));
    if (twinOn) tr.append(el("td", { class: "t", text: ttot ? fmtUnit(ttot[i], col) : "—" }));
    rows.push(tr);
  });
  // Redrawn when its numbers change (each minute of a run): the
  // definitions the reader opened stay open and the keyboard keeps its
  // place, or a definition opened by Enter closed at the next minute.
  const box = $("detail");
  const open = new Set([...box.querySelectorAll("details[open]")].map((d) => d.dataset.key));
  const focus = box.contains(document.activeElement) && document.activeElement.closest("details");
  box.replaceChildren(...rows);
  for (const d of box.querySelectorAll("details")) {
    if (open.has(d.dataset.key)) d.open = true;
    if (focus && d.dataset.key === focus.dataset.key) d.querySelector("summary").focus();
  }
}

// definition is an indicator's name with its definition behind it: a
// <details> element, so that a keyboard (Tab, Enter) and a finger (a tap)
// open it as well as a mouse.
function definition(col) {
  const d = el("details", { class: "def", "data-key": col.key }, el("summary", { text: tm(col.label) }));
  if (col.doc) d.append(el("p", { text: tm(col.doc) }));
  return d;
}

function renderSummary(st) {
  const box = $("summary");
  if (!st.final) { box.hidden = true; return; }
  box.hidden = false;
  box.className = "summary " + (st.final.met ? "met" : "failed");
  const n = st.final.goals.filter((g) => g.met).length;
  const title = st.final.met ? t("All goals met — well handled.") : t("{0} of {1} goals met — try another playbook.", n, st.final.goals.length);
  const list = el("ul", {}, ...st.final.goals.map((g) => el("li", { text: (g.met ? "✔ " : "✘ ") + tm(g.name) + ": " + fmtUnit(g.value, { unit: g.unit, digits: goalDigits(g) + 1 }) + " (" + t("target {0}", goalText(g)) + ")" })));
  box.replaceChildren(el("h3", { text: t("End of the scenario at {0}: {1}", at(st.final.minute), title) }), list,
    el("p", { text: t("Press a speed to keep running, restart to try again, or download the playbook and run it with queuelab run.") }));
}

// ---------- wiring ----------
function wire() {
  $("scenario").addEventListener("change", () => { send("/restart", { scenario: $("scenario").value }).then(after); });
  $("seed").addEventListener("change", () => {
    const v = $("seed").value;
    if (!/^\d+$/.test(v)) { showError(t("the seed is a whole number ≥ 0")); return; }
    send("/restart", { seed: Number(v) }).then(after);
  });
  $("newseed").addEventListener("click", () => send("/restart", { seed: 1 + Math.floor(Math.random() * 1e6) }).then(after));
  $("restart").addEventListener("click", () => send("/restart", {}).then(after));
  $("pause").addEventListener("click", () => send("/run", { speed: 0 }).then(after));
  $("play").addEventListener("click", () => send("/run", { speed: app.speed || 10 }).then(after));
  $("reference-show").addEventListener("click", () => {
    const body = $("reference-body");
    body.hidden = !body.hidden;
    $("reference-show").setAttribute("aria-expanded", String(!body.hidden));
  });
  $("step").addEventListener("click", () => send("/step").then(after));
  for (const b of document.querySelectorAll("#speeds button")) b.addEventListener("click", () => send("/run", { speed: Number(b.dataset.speed) }).then(after));
  $("twin").addEventListener("change", () => app.st && render());
  $("share").addEventListener("click", async () => {
    const u = shareURL();
    try { await navigator.clipboard.writeText(u); $("share").textContent = t("link copied"); } catch (e) { prompt(t("Copy this link to replay the run:"), u); }
    setTimeout(() => { $("share").textContent = t("copy replay link"); }, 1500);
  });
}
// after refreshes the state right after a command (restart answers a state).
function after(out) {
  if (out && out.epoch !== undefined) absorb(out);
}

async function main() {
  await loadI18n();
  wire();
  wakeDots();
  window.addEventListener("resize", wakeDots);
  try {
    app.systems = await api("GET", "/api/systems");
  } catch (e) { showError(e.message); return; }
  if (!app.systems.length) { showError(t("the server has no systems")); return; }
  const u = readURL();
  const sys = app.systems.find((s) => s.name === u.system) || app.systems[0];
  const sc = sys.scenarios.find((s) => s.name === u.scenario) || sys.scenarios[0];
  await startSession(sys.name, sc.name, u.seed, u.at);
}
main();
