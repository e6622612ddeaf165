// queuelab live simulator page: the classroom mode — guided steps of the
// scenario (GET /api/guide), each with a check question whose answer the
// server computes from this run's own numbers (POST
// /api/sessions/{id}/guide). Part of app.js.
"use strict";

// key names the scenario asked for (set before the fetch), drawn the one
// whose steps are on screen (or whose panel is hidden).
const GUIDE = { key: null, drawn: null, steps: [] };

// renderGuide fetches the scenario's steps when the scenario changes.
async function renderGuide(st) {
  const box = $("guide-panel");
  const key = st.system + "/" + st.scenario;
  await keyedFetch(GUIDE, key,
    () => api("GET", "/api/guide?system=" + encodeURIComponent(st.system) + "&scenario=" + encodeURIComponent(st.scenario)),
    (g) => {
      GUIDE.steps = g.steps;
      box.hidden = false;
      const list = $("guide-steps");
      if (!g.steps.length) list.replaceChildren(el("li", { text: t("This scenario has no guided steps.") }));
      else list.replaceChildren(...g.steps.map((s, i) => guideStep(s, i, g.steps.length)));
    },
    () => { box.hidden = true; });
}

// guideStep is one step: what to do, the question, an answer box and the
// check's verdict with the working.
function guideStep(s, i, n) {
  const id = "guide-answer-" + i;
  const input = el("input", { type: "text", id, size: "8", "data-step": String(i), inputmode: "decimal" });
  const out = el("p", { class: "guide-result", role: "status", "aria-live": "polite", id: "guide-result-" + i });
  const check = async () => {
    out.className = "guide-result";
    try {
      const r = await api("POST", "/api/sessions/" + app.id + "/guide", { step: i, answer: input.value });
      const want = s.unit === "%" ? withUnit(numg(r.want, 3), "%") : numg(r.want, 3) + (s.unit ? " " + tm(s.unit) : "");
      out.classList.add(r.correct ? "right" : "wrong");
      out.dataset.correct = String(r.correct);
      out.dataset.want = String(r.want);
      out.replaceChildren(el("b", { text: r.correct ? t("Right: within 5 % of this run's {0} (minute {1}).", want, r.minute) : t("Not quite: this run gives {0} (minute {1}).", want, r.minute) }), " ",
        el("span", { class: "work", text: t(r.work, ...r.args.map((a) => (a === null ? "—" : numg(a, 3)))) }));
    } catch (e) {
      out.classList.add("wrong");
      out.dataset.correct = "";
      out.textContent = e.message;
    }
  };
  input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") check(); });
  return el("li", { class: "guide-step", "data-step": String(i) },
    el("p", { class: "muted small", text: t("Step {0} of {1}", i + 1, n) }),
    el("p", { text: t(s.do) }),
    el("p", {}, el("label", { for: id, text: t(s.ask) })),
    el("p", { class: "guide-ask" }, input, el("button", { text: t("check"), "data-check": String(i), onclick: check })),
    out);
}
