// queuelab live simulator page: the state picture — the model's groups
// of icons, its gauges and the sampled entities flying to their outcome
// lanes. Part of app.js (it uses its helpers and state).
"use strict";

// ---------- the state picture ----------
function renderPicture(st) {
  const pic = st.picture;
  if (!pic) { $("groups").replaceChildren(el("p", { class: "lesson", text: t("this model draws no picture") })); return; }
  $("groups").replaceChildren(...(pic.groups || []).map((g) => {
    const icons = el("div", { class: "icons" });
    g.items.forEach((w, i) => {
      const f = family(w);
      const ic = el("div", { class: "icon " + (f ? "w-" + f : ""), title: tm(w) + (g.label && g.label[i] ? " · " + tm(g.label[i]) : "") });
      if (!f) ic.style.background = wordColor(w);
      if (g.label && g.label[i]) ic.textContent = tm(g.label[i]);
      icons.append(ic);
    });
    const counts = {};
    for (const w of g.items) counts[w] = (counts[w] || 0) + 1;
    const name = el("div", { class: "gname", text: tm(g.name) });
    name.title = Object.entries(counts).map(([w, n]) => n + " " + tm(w)).join(", ");
    name.append(el("div", { class: "legend" }, ...Object.entries(counts).map(([w, n]) => el("span", {}, dotKey(w), document.createTextNode(n + " " + tm(w))))));
    return el("div", { class: "group" }, name, icons);
  }));
  $("gauges").replaceChildren(...(pic.gauges || []).map((g) => {
    const bar = el("div", {});
    bar.style.width = Math.max(0, Math.min(100, g.value * 100)) + "%";
    bar.style.background = g.value > 0.9 ? COLORS.bad : g.value > 0.75 ? COLORS.warn : "";
    return el("div", { class: "gauge" }, el("span", { text: tm(g.name) }), el("span", { class: "pct", text: pct(g.value * 100, 0) }), el("div", { class: "bar" }, bar));
  }));
  if (st.pictureMinute !== app.lastPicMinute && pic.dots) {
    app.lastPicMinute = st.pictureMinute;
    queueDots(pic.dots, st);
  }
}

function dotKey(w) {
  const i = el("i", {});
  i.style.background = wordColor(w);
  return i;
}

// queueDots schedules a minute's sampled entities: each enters at the left
// at its arrival time within the minute (squeezed into the wall time of one
// simulated minute at the current speed) and travels to its outcome lane.
function queueDots(dots, st) {
  const span = st.running && st.speed > 0 ? Math.max(1000 / st.speed, 800) : 1500;
  const now = performance.now();
  const keep = app.dots.filter((d) => now - d.t0 < d.life);
  // Lanes are every outcome of the dots on screen, the older minute's
  // too: a dot always flies to its own outcome's lane.
  const outcomes = [...new Set(dots.map((d) => d.outcome).concat(keep.map((d) => d.outcome)))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  app.lanes = outcomes;
  const add = dots.slice(0, 250).map((d) => ({ t0: now + (Math.min(60, Math.max(0, d.at)) / 60) * span, life: 1600, outcome: d.outcome, cls: d.class, y0: Math.random() }));
  app.dots = keep.concat(add).slice(-600);
  $("dot-legend").replaceChildren(...[...new Set(dots.map((d) => d.outcome))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).map((o) => el("span", {}, dotKey(o), document.createTextNode(tm(o) + " (" + dots.filter((d) => d.outcome === o).length + ")"))),
    el("span", { text: "· " + t("{0} sampled entities of {1}", dots.length, at(st.pictureMinute)) }));
  wakeDots();
}
function rank(w) { return { good: 0, warn: 1, bad: 2, idle: 3 }[family(w)] ?? 4; }

// dotsStill names what the canvas shows when no dot is in flight (its
// size, lanes and language): an unchanged still frame is not drawn again.
// Measured in headless Chromium, a paused switch page left alone for
// 30 s cost 6-7 s of CPU with the still frame redrawn sixty times a
// second, 4-6 s without.
let dotsStill = "";
// dotsFrame is the animation frame asked for, 0 when none is: the frames
// stop once the still frame is drawn and no dot is waiting to enter, and
// wakeDots starts them again (new dots, a resize).
let dotsFrame = 0;

function wakeDots() {
  if (!dotsFrame) dotsFrame = requestAnimationFrame(drawDots);
}

function drawDots() {
  dotsFrame = 0;
  const c = $("dots");
  const w = c.clientWidth, h = c.clientHeight;
  const now = performance.now();
  const flying = app.dots.some((d) => { const p = (now - d.t0) / d.life; return p >= 0 && p <= 1; });
  const coming = flying || app.dots.some((d) => d.t0 > now);
  const still = flying ? "" : [w, h, devicePixelRatio, I18N.lang, ...(app.lanes || [])].join("|");
  if (still && still === dotsStill) { if (coming) wakeDots(); return; }
  dotsStill = still;
  if (c.width !== w * devicePixelRatio) { c.width = w * devicePixelRatio; c.height = h * devicePixelRatio; }
  const g = c.getContext("2d");
  g.setTransform(devicePixelRatio, 0, 0, devicePixelRatio, 0, 0);
  g.clearRect(0, 0, w, h);
  const lanes = app.lanes || [];
  const gate = w * 0.45;
  g.strokeStyle = "#27313d";
  g.beginPath(); g.moveTo(gate, 8); g.lineTo(gate, h - 8); g.stroke();
  g.fillStyle = "#8b98a5"; g.font = "11px sans-serif";
  g.fillText(t("arrivals"), 8, 14);
  lanes.forEach((o, i) => {
    const y = laneY(i, lanes.length, h);
    g.fillStyle = wordColor(o);
    g.fillText(tm(o), w - 8 - g.measureText(tm(o)).width, y + 4);
  });
  for (const d of app.dots) {
    const p = (now - d.t0) / d.life;
    if (p < 0 || p > 1) continue;
    const yIn = 20 + d.y0 * (h - 30);
    const li = lanes.indexOf(d.outcome);
    if (li < 0) continue; // not drawn rather than drawn in a wrong lane
    const yOut = laneY(li, lanes.length, h) + (d.y0 - 0.5) * 10;
    let x, y;
    if (p < 0.5) { x = 8 + (gate - 8) * (p / 0.5); y = yIn; }
    else { const q = (p - 0.5) / 0.5; x = gate + (w - 90 - gate) * q; y = yIn + (yOut - yIn) * Math.min(1, q * 1.6); }
    g.fillStyle = p < 0.5 ? "#9fb3c8" : wordColor(d.outcome);
    g.beginPath(); g.arc(x, y, 3, 0, 2 * Math.PI); g.fill();
  }
  if (coming) wakeDots();
}
function laneY(i, n, h) { return n <= 1 ? h / 2 : 20 + (i * (h - 40)) / (n - 1); }
