// queuelab live simulator page: the "show why" panel — per minute, the
// traffic the system was offered, stacked the way its story turns on
// (new and retried attempts on the switch, priority classes on the web
// service), against the capacity line N/S computed by the server (GET
// /api/sessions/{id}/why, see why.go). Part of app.js.
"use strict";

// key names the minute asked for (set before the fetch), drawn the minute
// whose answer is on screen (the view, or the panel hidden).
const WHY = { key: null, drawn: null, data: null };
const WHY_COLORS = ["#5aa9e6", "#e8a93b", "#e5534b"];

// i18n keys: the views' titles and series (their notes: TestWhyTextsTranslated)
// "Offered traffic against capacity" "Requests by priority class against capacity"
// "new transactions" "retries" "high priority" "low priority admitted" "low priority shed"

// renderWhy fetches the view when a new minute arrives (the panel is
// shown only for systems that have one).
async function renderWhy(st) {
  const box = $("why-panel");
  if (!app.rows.length) { box.hidden = true; return; }
  const key = st.id + "/" + st.epoch + "/" + app.rows.length;
  await keyedFetch(WHY, key, () => api("GET", "/api/sessions/" + st.id + "/why"), (v) => {
    WHY.data = v;
    box.hidden = false;
    $("why-title").textContent = t(v.title);
    $("why-note").textContent = t(v.note);
    drawWhy(v, st);
  }, () => { box.hidden = true; });
}

// drawWhy draws the stacked series as areas and the capacity as a line,
// and says in words how the last minute stands against the line.
function drawWhy(v, st) {
  const W = 640, H = 170, L = 48, R = 8, T = 8, B = 18;
  const n = v.capacity.length;
  const tops = [];
  for (let i = 0; i < n; i++) tops.push(v.series.reduce((a, s) => a + (s.values[i] || 0), 0));
  const hi = Math.max(1, ...tops, ...v.capacity.filter((c) => c !== null)) * 1.08;
  const x = (i) => L + ((W - L - R) * (i + 0.5)) / Math.max(1, n);
  const y = (q) => T + (H - T - B) * (1 - q / hi);
  const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", role: "img", "aria-label": t(v.title), id: "why-chart" });
  s.append(svg("rect", { x: L, y: T, width: W - L - R, height: H - T - B, fill: "none", stroke: "#27313d" }));
  for (const f of [0, 0.5, 1]) {
    const tx = svg("text", { x: L - 4, y: y(hi * f) + 3, "text-anchor": "end" }); tx.textContent = short(hi * f); s.append(tx);
  }
  const base = new Array(n).fill(0);
  v.series.forEach((ser, k) => {
    const upper = base.map((b, i) => b + (ser.values[i] || 0));
    let d = "";
    for (let i = 0; i < n; i++) d += (i ? "L" : "M") + x(i).toFixed(1) + "," + y(upper[i]).toFixed(1);
    for (let i = n - 1; i >= 0; i--) d += "L" + x(i).toFixed(1) + "," + y(base[i]).toFixed(1);
    s.append(svg("path", { d: d + "Z", fill: WHY_COLORS[k % WHY_COLORS.length], "fill-opacity": "0.55", stroke: "none", "data-series": ser.key }));
    for (let i = 0; i < n; i++) base[i] = upper[i];
  });
  let d = "";
  for (let i = 0; i < n; i++) if (v.capacity[i] !== null) d += (d && v.capacity[i - 1] !== null ? "L" : "M") + x(i).toFixed(1) + "," + y(v.capacity[i]).toFixed(1);
  s.append(svg("path", { d, fill: "none", stroke: "#dce3ea", "stroke-width": "2", "stroke-dasharray": "6 3", class: "why-capacity" }));
  $("why-chart-box").replaceChildren(s);
  const key = el("p", { class: "legend" }, ...v.series.map((ser, k) => el("span", {}, el("i", { style: "background:" + WHY_COLORS[k % WHY_COLORS.length] }), el("span", { text: t(ser.label) }))),
    el("span", {}, el("i", { class: "k-cap" }), el("span", { text: t("capacity N/S") })));
  const last = n - 1, cap = v.capacity[last];
  const words = cap === null ? "" : tops[last] > cap
    ? t("minute {0}: {1} {2} offered, above the capacity {3} {2}: the excess waits, times out or is retried", v.since + n, numg(tops[last], 0), v.unit, numg(cap, 0))
    : t("minute {0}: {1} {2} offered, under the capacity {3} {2} ({4} of it)", v.since + n, numg(tops[last], 0), v.unit, numg(cap, 0), pct(100 * tops[last] / cap, 0));
  const say = el("p", { id: "why-last", text: words });
  say.dataset.offered = String(tops[last]);
  say.dataset.capacity = String(cap);
  $("why-legend").replaceChildren(key, say);
}
