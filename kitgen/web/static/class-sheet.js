/* A class session's students' page: the sheet (check-wordsearch.js) sent with a name to the teacher.

   Each sheet sent carries an idempotency key the page makes (128 random bits) and keeps, with what was sent, in
   sessionStorage until the server answers: a send with no answer (the network dropped, the server was restarting:
   no status, or a proxy's 502 or 504) is sent again with the same key, a few times, and so is a sheet still waiting
   after a reload. A 503 is kitgen's own answer in words (its database or its workers are busy or down): it is shown,
   not repeated by the page, so a class does not hammer a server that is down; the key is kept, so Send again resends
   the same sheet. The server keeps one sheet a key and answers a repeat with the verdict it kept, so a sheet whose
   answer was cut off is never kept twice. A changed sheet or name is a new sheet, with a new key. */
"use strict";

(() => {
  const box = document.querySelector(".send-box");
  const button = box.querySelector("button.send");
  const status = box.querySelector(".send-status");
  const name = box.querySelector("input.player");
  const { text } = window.kitgen;
  const stored = `kitgen-send-${box.dataset.session}`;
  const RETRIES = [1000, 2000, 4000, 8000, 8000, 8000];
  const UNANSWERED = new Set([0, 502, 504]); // sent again by the page
  const NOT_KEPT_YET = new Set([0, 502, 503, 504]); // the key kept for the next send of the same sheet

  function newKey() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes); // works on a classroom network's plain http, where crypto.randomUUID does not
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function pending() {
    try { return JSON.parse(sessionStorage.getItem(stored) || "null"); } catch (error) { return null; }
  }

  function keep(value) {
    try {
      if (value) sessionStorage.setItem(stored, JSON.stringify(value)); else sessionStorage.removeItem(stored);
    } catch (error) { /* private browsing: the key lives as long as the page */ }
  }

  function fields() {
    const tutorial = document.querySelector("input[name=tutorial]");
    const short = document.querySelector("input[name=min_length]");
    const typed = window.kitgen.wordsearchSheet ? window.kitgen.wordsearchSheet()
      : document.querySelector("textarea.record").value;
    return { name: name.value, sheet: typed, tutorial: tutorial && tutorial.checked ? "1" : "0",
             min_length: short && short.checked ? "2" : "3" };
  }

  const wait = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

  async function send(sending) {
    button.disabled = true;
    status.textContent = text("sending");
    keep(sending);
    for (let attempt = 0; ; attempt += 1) {
      const { status: code, data } = await window.kitgen.call(`/s/${box.dataset.session}`, {
        method: "POST", body: new URLSearchParams({ ...sending.fields, key: sending.key }),
        headers: { "X-Kitgen-Send": "1" } });
      if (code === 200 && data.url) { keep(null); window.location.assign(data.url); return; }
      if (!UNANSWERED.has(code) || attempt >= RETRIES.length) {
        if (!NOT_KEPT_YET.has(code)) keep(null); // answered: nothing was kept, so a new send is a new sheet
        status.textContent = data.error || text("failed");
        button.disabled = false;
        return;
      }
      status.textContent = text("again");
      await wait(RETRIES[attempt]);
    }
  }

  button.addEventListener("click", () => {
    const now = fields();
    if (!now.name.trim()) { status.textContent = text("noName"); name.focus(); return; }
    const before = pending();
    const same = before && JSON.stringify(before.fields) === JSON.stringify(now);
    send(same ? before : { key: newKey(), fields: now });
  });

  const waiting = pending(); // sent before a reload and never answered: send it again, with its key
  if (waiting && waiting.key && waiting.fields) send(waiting);
})();
