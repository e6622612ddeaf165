// queuelab live simulator page: the "model & formulas" panel — Little's
// law with the current minute's numbers filled in (busy slots or workers
// = λ × S against the capacity N and what the simulation measured), the
// holding or service time S computed by the calculator package from the
// minute's controls and indicators. Part of app.js.
"use strict";

// MODEL_LINES says, per system, how the minute's row and controls become
// a calculator request (formula, params) and how its answer, the
// capacity and the measured number read: col(key) is the last row's
// value, ctl(name) a control's value now.
const MODEL_LINES = {
  switch: (col, ctl) => {
    const servers = col("servers"), lam = col("offered_tps") - col("shed_tps");
    if (!(servers > 0) || !(lam >= 0) || col("groupb_ms") === null) return null;
    return {
      formula: "holding-time",
      params: { timeout: ctl("issuer-timeout"), groups: "0.75:250ms,0.25:" + col("groupb_ms").toFixed(0) + "ms" },
      s: (out) => out.holding_time_with_reversal, lam, n: 32 * servers, measured: col("busy_slots") * 32 * servers,
      what: "busy slots",
    };
  },
  web: (col, ctl) => {
    const serving = col("serving"), lam = col("requests") * (1 - col("shed"));
    if (!(serving > 0) || !(lam >= 0) || col("cache_hit") === null || col("db_query_ms") === null) return null;
    const recs = ctl("recommendations") === "on";
    return {
      formula: "service-time",
      params: { "app-time": recs ? "70ms" : "50ms", hit: String(col("cache_hit")), queries: recs ? "3" : "2", "query-time": col("db_query_ms").toFixed(3) + "ms" },
      s: (out) => out.service_time, lam, n: 16 * serving, measured: col("utilization") * 16 * serving,
      what: "busy workers",
    };
  },
};

// key names the minute asked for (set before the calculator answers);
// drawn the minute whose answer is on screen, numbers or a hidden panel
// (#model-little's data-drawn: the minute of the numbers).
const MODELP = { key: null, drawn: null };

// renderModelPanel recomputes the panel when a new minute arrives.
async function renderModelPanel(st) {
  const box = $("model-panel");
  const make = MODEL_LINES[st.system];
  const last = app.rows[app.rows.length - 1];
  if (!make || !last) { box.hidden = true; return; }
  const key = st.id + "/" + st.epoch + "/" + app.rows.length;
  const idx = (k) => app.columns.findIndex((c) => c.key === k);
  const col = (k) => { const i = idx(k); return i < 0 ? null : last[i]; };
  const vals = new Map((st.values || []).map((v) => [v.control, v.value]));
  const line = make(col, (n) => vals.get(n));
  if (!line) { // nothing to ask the calculator this minute: the panel hidden, drawn
    box.hidden = true;
    MODELP.key = MODELP.drawn = key;
    return;
  }
  const ask = () => api("POST", "/api/calculator/" + line.formula, { params: line.params });
  await keyedFetch(MODELP, key, ask, (out) => drawModelPanel(box, line, out, key), () => { box.hidden = true; });
}

// drawModelPanel draws the calculator's answer out to line, for the
// minute key.
function drawModelPanel(box, line, out, key) {
  const o = Object.fromEntries(out.outputs.map((x) => [x.key, x.value]));
  const s = line.s(o), l = line.lam * s;
  box.hidden = false;
  $("model-little").textContent = t("{0} = λ × S = {1}/s × {2} s = {3} of {4}", t(line.what), numg(line.lam, 1), numg(s, 3), numg(l, 0), numg(line.n, 0));
  $("model-little").dataset.formula = String(l);
  // MODELP.key is set before the calculator answers; drawn says which
  // minute the numbers on screen are from.
  $("model-little").dataset.drawn = key;
  $("model-measured").textContent = t("the simulation measured {0} ({1} of the capacity)", numg(line.measured, 0), pct(100 * line.measured / line.n, 0));
  $("model-measured").dataset.measured = String(line.measured);
  $("model-s").textContent = t("S from the calculator ({0}) with this minute's numbers: {1}", line.formula, Object.entries(line.params).map(([k, v]) => k + " = " + paramShown(v)).join(", "));
}

// paramShown writes a calculator input for reading: a bare number in the
// page's language with at most 4 decimals; a duration or a list of pairs
// as the calculator takes it ("70ms", "0.75:250ms,0.25:252ms").
function paramShown(v) {
  const s = String(v);
  return /^-?\d+(\.\d+)?$/.test(s) ? numg(Number(s), 4) : s;
}
