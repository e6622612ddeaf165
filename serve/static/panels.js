// queuelab pages (both): two rules every panel drawn from a poll follows.
"use strict";

// unchanged reports whether the panel whose record is mark already shows
// what sig names, and records sig otherwise: a poll that changed nothing
// draws nothing, so the nodes stay (a tap, an open definition, a screen
// reader's place are not lost to a redraw of the same numbers). mark is
// an element's dataset (its data-sig holds the signature) or any object
// (its sig does).
function unchanged(mark, sig) {
  if (mark.sig === sig) return true;
  mark.sig = sig;
  return false;
}

// keyedFetch draws a panel fetched for a state. m.key names what was
// asked for last, set before the fetch; m.drawn what is on screen, set
// after the answer is drawn (tests wait for drawn === key). A key asked
// for already does nothing; an answer overtaken by a later key draws
// nothing. ask starts the fetch and returns its promise; only that
// promise's failure counts as a failed fetch: it calls failed (the panel
// hidden) and is drawn all the same. Anything ask or draw throws is a bug
// in the page, not a failed fetch: it propagates (an error on the
// console) and m.drawn stays behind, so a test waiting for it fails.
async function keyedFetch(m, key, ask, draw, failed) {
  if (m.key === key) return;
  m.key = key;
  const answer = ask();
  let v;
  try { v = await answer; } catch (e) {
    if (m.key === key) { failed(); m.drawn = key; }
    return;
  }
  if (m.key !== key) return;
  draw(v);
  m.drawn = key;
}
