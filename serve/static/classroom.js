// queuelab pages: the classroom panel — what you'll learn, the basis of
// the numbers (formulas with numbered sources, assumptions marked, the
// constants and the random generator). The texts are catalogue keys
// (GET /api/classroom), shown through t().
"use strict";

const CLASSROOM = { data: null };

function cEl(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") e.textContent = v;
    else if (k === "class") e.className = v;
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}

// renderClassroom fills section#classroom with the panel of page ("switch",
// "web" or "network"); a page without a panel leaves it empty.
async function renderClassroom(page) {
  const box = document.getElementById("classroom");
  if (!box) return;
  if (!CLASSROOM.data) {
    try {
      const res = await fetch("/api/classroom");
      if (!res.ok) return;
      CLASSROOM.data = await res.json();
    } catch (e) { return; }
  }
  const p = CLASSROOM.data.pages[page];
  box.replaceChildren();
  box.dataset.page = page;
  if (!p) return;
  box.append(cEl("h2", { text: t("What you'll learn") }),
    cEl("ol", { class: "learn" }, ...p.learn.map((k) => cEl("li", { text: t(k) }))));
  const refs = (ns) => (ns || []).map((n) => cEl("a", { href: "#src-" + n, class: "ref", text: "[" + n + "]" }));
  const items = p.basis.map((b) => {
    const li = cEl("li", { class: b.assumption ? "assumed" : "" }, cEl("span", { text: t(b.text) + " " }), cEl("code", { class: "formula", text: tm(b.formula) }), " ", ...refs(b.refs));
    if (b.assumption) li.append(cEl("p", { class: "assumption" }, cEl("b", { text: t("Assumption") + ": " }), t(b.note || "Assumption")));
    return li;
  });
  const used = new Set(p.basis.flatMap((b) => b.refs || []));
  const sources = cEl("ol", { class: "sources", lang: "en" }); // cited as published
  CLASSROOM.data.sources.forEach((s, i) => {
    const li = cEl("li", { id: "src-" + (i + 1), value: String(i + 1), text: s });
    if (used.has(i + 1)) sources.append(li);
  });
  box.append(cEl("details", { class: "basis", id: "basis" },
    cEl("summary", {}, cEl("h2", { text: t("Basis — the model behind the numbers") })),
    cEl("p", { class: "muted", text: t("Every relation the page uses, with its sources. What is marked as an assumption is a modelling choice or an approximation, not a theorem.") }),
    cEl("ol", { class: "basis-list" }, ...items),
    cEl("p", {}, cEl("b", { text: t("Constants") + ": " }), t(p.constants)),
    cEl("p", {}, cEl("b", { text: t("Randomness") + ": " }), t(p.generator)),
    cEl("h3", { text: t("Sources") }), sources));
  await renderCalculator(page);
}

// CALC_PRESETS fill the calculator with each page's own numbers: the
// switch's 192 slots (6 servers × 32) at 400 tx/s holding each 0.33 s,
// the web service's 160 workers (10 instances × 16) at 1125 req/s of
// 70 ms each; t is the queue timeout, 2 s on both.
const CALC_PRESETS = {
  switch: { formula: "mmc", params: { servers: "192", "arrival-rate": "400", "service-mean": "0.33s", t: "2s" } },
  web: { formula: "mmc", params: { servers: "160", "arrival-rate": "1125", "service-mean": "70ms", t: "2s" } },
  network: { formula: "mmc", params: { servers: "2", "arrival-rate": "1.5", "service-mean": "1s", t: "1s" } },
};

// renderCalculator adds the calculator (POST /api/calculator/{name}) to
// the classroom panel, filled with the page's numbers.
async function renderCalculator(page) {
  const box = document.getElementById("classroom");
  if (!box) return;
  let list;
  try {
    const res = await fetch("/api/calculator", { headers: langHeaders({}) });
    if (!res.ok) return;
    list = await res.json();
  } catch (e) { return; }
  const preset = CALC_PRESETS[page] || CALC_PRESETS.network;
  const sec = cEl("section", { class: "calc", id: "calc" });
  const pick = cEl("select", { id: "calc-formula" }, ...list.map((f) => cEl("option", { value: f.name, text: f.name + " · " + tm(f.summary) })));
  pick.value = preset.formula;
  const form = cEl("div", { class: "calc-params" });
  const out = cEl("div", { class: "calc-out", role: "status", "aria-live": "polite" });
  const err = cEl("p", { class: "error", role: "alert" });
  const fields = () => {
    const f = list.find((x) => x.name === pick.value);
    form.replaceChildren(...f.params.map((p) => {
      const id = "calc-" + p.flag;
      const input = cEl("input", { id, type: "text", "data-param": p.flag, placeholder: p.default || (p.required ? t("required") : t("optional")) });
      if (pick.value === preset.formula && preset.params[p.flag] !== undefined) input.value = preset.params[p.flag];
      input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") run(); });
      return cEl("div", { class: "calc-param" }, cEl("label", { for: id, text: p.flag }), input, cEl("small", { text: tm(p.desc) + " · " + p.range }));
    }));
    out.replaceChildren();
  };
  const run = async () => {
    const params = {};
    for (const i of form.querySelectorAll("input")) if (i.value.trim() !== "") params[i.dataset.param] = i.value.trim();
    err.textContent = "";
    try {
      const res = await fetch("/api/calculator/" + encodeURIComponent(pick.value), { method: "POST", headers: langHeaders({ "Content-Type": "application/json" }), body: JSON.stringify({ params }) });
      const data = await res.json();
      if (!res.ok) { err.textContent = data.error || "HTTP " + res.status; out.replaceChildren(); return; }
      const rows = data.outputs.map((o) => cEl("tr", { "data-key": o.key }, cEl("td", { text: o.key }), cEl("td", { class: "n", text: numg(o.value, 4) + (o.unit ? " " + o.unit : "") }), cEl("td", { class: "muted", text: tm(o.desc) })));
      const gt = data.outputs.find((o) => o.key === "p_wait_gt");
      if (gt) rows.push(cEl("tr", { "data-key": "answered_within" }, cEl("td", { text: t("answered within t") }), cEl("td", { class: "n", text: pct(100 * (1 - gt.value), 2) }), cEl("td", { class: "muted", text: "1 − P(W > t)" })));
      out.replaceChildren(cEl("table", { class: "detail" }, ...rows));
    } catch (e) { err.textContent = e.message; }
  };
  pick.addEventListener("change", fields);
  fields();
  sec.append(cEl("h2", { text: t("Calculator") }),
    cEl("p", { class: "muted", text: t("The textbook formulas behind the page, filled with its numbers: change them and see what the formula says.") }),
    cEl("label", { class: "field", for: "calc-formula" }, t("formula")), pick, form,
    cEl("button", { id: "calc-run", text: t("calculate"), onclick: null }), err, out);
  sec.querySelector("#calc-run").addEventListener("click", run);
  box.append(sec);
  run();
}
