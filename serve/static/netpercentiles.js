// queuelab network page: percentiles of the response time. A button asks
// GET …/percentiles (net run --percentiles on the network as it is now,
// with the session's seed: a run of its own on the server, so nothing is
// asked before the visitor wants it); once asked, every change of the
// network (a restart, a change made) asks again. The table lists p50, p90
// and p99 of the response time end to end per class, then per station,
// each with its 95 % interval beside the exact value and its method where
// one applies. #pctl's data-drawn says what was drawn last ("ready",
// "refused"), for tests.
"use strict";

// on: the visitor asked; key/drawn: keyedFetch's (panels.js).
const PCTL = { on: false, key: null, drawn: null };

function pctlKey(st) { return `${st.id}:${st.epoch}:${st.taken.length}:${I18N.lang}`; }

// drawPercentiles is called at every state drawn; it asks only when the
// network changed since the last answer.
function drawPercentiles(st) {
  const box = byId("pctl");
  if (!PCTL.on) {
    if (!box.firstChild) {
      const b = html("button", { id: "pctl-ask", type: "button", title: t("run the network as it is now, with this seed, for its percentiles (up to a second or two of the server's time)"),
        text: t("simulate the percentiles"), onclick: () => { PCTL.on = true; drawPercentiles(net.st); } });
      box.append(b);
    }
    return;
  }
  const key = pctlKey(st);
  if (PCTL.key === key) return;
  const status = html("p", { class: "muted", role: "status", text: t("simulating the percentiles…") });
  box.replaceChildren(status);
  box.dataset.drawn = "computing";
  // A refusal is an answer to draw (its reason), not a failed fetch.
  const ask = () => netApi("GET", `/api/networks/sessions/${st.id}/percentiles`).catch((e) => ({ error: e.message }));
  keyedFetch(PCTL, key, ask, (res) => drawPctlAnswer(box, res), () => {});
}

function drawPctlAnswer(box, res) {
  box.replaceChildren();
  if (res.error) {
    box.append(html("p", { class: "error", role: "status", text: t("No percentiles: {0}", res.error) }));
    box.dataset.drawn = "refused";
    return;
  }
  box.append(html("p", { class: "muted small", role: "status",
    text: t("seed {0} · {1} s measured after a warm-up of {2} s · {3} customers · {4} batches", res.seed, fmtNum(res.measured_s), fmtNum(res.warmup_s), num(res.customers, 0), res.batches) }));
  const table = html("table", { class: "detail nettable" },
    html("tr", {}, ...PCTL_HEAD.map((h) => html("th", { scope: "col", text: t(h) }))));
  const rows = res.metrics.filter((m) => m.name.endsWith("_response"));
  // End to end first, then the stations in the network's order.
  const order = (m) => (m.station === "network" ? 0 : 1);
  rows.sort((a, b) => order(a) - order(b));
  for (const m of rows) {
    const exact = m.formula === null ? "—" : fmtNum(m.formula);
    table.append(html("tr", { "data-row": `${m.station}/${m.class || ""}/${m.name}` },
      html("td", { text: m.station === "network" ? t("end to end") : m.station }),
      html("td", { text: m.class || t("all") }),
      html("td", { text: m.name.slice(0, 3) }),
      html("td", { class: "v", text: fmtNum(m.sim) + " ± " + fmtNum(m.ci95) }),
      html("td", { class: "v", text: exact }),
      html("td", { text: m.method ? tm(m.method) : "" }),
      html("td", { class: "verdict-cell " + pctlVerdictClass(m.verdict), text: pctlVerdict(m.verdict) })));
  }
  box.append(html("div", { class: "scroll", tabindex: "0", role: "region", "aria-label": t("Percentiles of the response time") }, table));
  if (res.stride > 1) box.append(html("p", { class: "banner", text: t("Memory bound: only every {0}th observation was kept (at most {1} per run), so these numbers differ from net run's, which keeps more.", res.stride, res.budget) }));
  box.append(html("p", { class: "muted small", text: t("The same numbers from the command line, on the downloaded network file:") }),
    html("pre", { class: "cmd", lang: "en" }, html("code", { text: res.command })));
  box.append(html("p", { class: "muted small", text: t("Batch quantiles (Heidelberger & Lewis 1984): the quantile of each batch's own observations, averaged over the batches; the 95 % interval comes from their spread. This is a run of its own of the network as it is now, not the live run above.") }));
  box.dataset.drawn = "ready";
}

// i18n keys: the percentiles table's column heads
const PCTL_HEAD = ["where", "class", "percentile", "simulated ± 95 %", "exact value", "method", "verdict"];

// pctlVerdict words net run's verdict text ("agrees", "inconclusive",
// "DISAGREES", "—") in the page's language.
function pctlVerdict(v) {
  switch (v) {
    case "agrees": return t("agrees");
    case "inconclusive": return t("inconclusive");
    case "DISAGREES": return t("DISAGREES");
  }
  return v;
}

function pctlVerdictClass(v) {
  return { agrees: "agrees", inconclusive: "inconclusive", DISAGREES: "disagrees" }[v] || "";
}
