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
    const li = cEl("li", { class: b.assumption ? "assumed" : "" }, cEl("span", { text: t(b.text) + " " }), cEl("code", { class: "formula", text: b.formula }), " ", ...refs(b.refs));
    if (b.assumption) li.append(cEl("p", { class: "assumption" }, cEl("b", { text: t("Assumption") + ": " }), t(b.note || "Assumption")));
    return li;
  });
  const used = new Set(p.basis.flatMap((b) => b.refs || []));
  const sources = cEl("ol", { class: "sources" });
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
}
