// queuelab pages: the language layer. The server sends the messages of the
// page's language from its catalogue (GET /api/i18n, chosen by ?lang= or
// the browser's languages) with the language's number symbols; t() looks a
// message up by its English text, fills in {0}, {1}…, and num()/pct()
// write numbers the way the language does (Turkish 99,9 and %98).
"use strict";

const I18N = { lang: "en", text: {}, number: { decimal: ".", group: ",", percent: "{n}%" }, languages: [], missing: new Set() };

// t returns the message key in the page's language with {i} replaced by
// args[i]. A key the catalogue lacks is shown in English and remembered
// (the browser tests read I18N.missing).
function t(key, ...args) {
  let s = I18N.text[key];
  if (s === undefined) { I18N.missing.add(key); s = key; }
  return args.length ? s.replace(/\{(\d+)\}/g, (m, i) => (args[i] === undefined ? m : String(args[i]))) : s;
}

// langHeaders adds the page's language to a request's headers: the
// server writes its error answers in it.
function langHeaders(h) {
  h["Accept-Language"] = I18N.lang;
  return h;
}

// tm translates a model's text when the catalogue has it (stories, labels,
// goal names), else leaves it as the model wrote it.
function tm(text) {
  if (text === undefined || text === null || text === "") return text;
  const s = I18N.text[text];
  return s === undefined ? text : s;
}

// num writes v with exactly digits decimals (0–6) in the page's language.
function num(v, digits) {
  const d = Math.max(0, Math.min(6, digits | 0));
  const s = Math.abs(v).toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
  const out = s.replace(/[,.]/g, (c) => (c === "," ? I18N.number.group : I18N.number.decimal));
  return (v < 0 && Number(s.replace(/,/g, "")) !== 0 ? "−" : "") + out;
}

// numg writes v with up to digits decimals (trailing zeros dropped).
function numg(v, digits) {
  const s = Math.abs(v).toLocaleString("en-US", { maximumFractionDigits: Math.max(0, Math.min(6, digits | 0)) });
  return (v < 0 && Number(s.replace(/,/g, "")) !== 0 ? "−" : "") + s.replace(/[,.]/g, (c) => (c === "," ? I18N.number.group : I18N.number.decimal));
}

// pct writes a percentage already scaled to 0–100 with its sign where the
// language puts it.
function pct(x, digits) { return I18N.number.percent.replace("{n}", num(x, digits)); }

// withUnit writes a formatted number and its unit: % the language's way,
// other units after a space.
function withUnit(s, unit) {
  if (!unit || s === "—") return s;
  if (unit === "%") return I18N.number.percent.replace("{n}", s);
  return s + " " + unit;
}

// translatePage fills every element marked data-i18n (its text is the
// key), data-i18n-title (its title) and data-i18n-label (its aria-label).
function translatePage(root) {
  for (const e of (root || document).querySelectorAll("[data-i18n]")) {
    if (e.dataset.key === undefined) e.dataset.key = e.textContent.trim();
    e.textContent = t(e.dataset.key);
  }
  for (const e of (root || document).querySelectorAll("[data-i18n-title]")) {
    if (e.dataset.titleKey === undefined) e.dataset.titleKey = e.getAttribute("title");
    e.title = t(e.dataset.titleKey);
  }
  for (const e of (root || document).querySelectorAll("[data-i18n-label]")) {
    if (e.dataset.labelKey === undefined) e.dataset.labelKey = e.getAttribute("aria-label");
    e.setAttribute("aria-label", t(e.dataset.labelKey));
  }
}

// loadI18n fetches the page's language and translates the static page; a
// switcher (select#lang) reloads the page in the chosen language, keeping
// the rest of the address (the replay of the run).
async function loadI18n() {
  const q = new URLSearchParams(location.search).get("lang");
  try {
    const res = await fetch("/api/i18n" + (q ? "?lang=" + encodeURIComponent(q) : ""));
    if (res.ok) Object.assign(I18N, await res.json());
  } catch (e) { /* English from the page itself */ }
  document.documentElement.lang = I18N.lang;
  translatePage();
  const sel = document.getElementById("lang");
  if (sel) {
    sel.replaceChildren(...I18N.languages.map((l) => {
      const o = document.createElement("option");
      o.value = l.code; o.textContent = l.name; o.lang = l.code;
      return o;
    }));
    sel.value = I18N.lang;
    sel.addEventListener("change", () => {
      const u = new URL(location.href);
      u.searchParams.set("lang", sel.value);
      location.assign(u.toString());
    });
  }
}
