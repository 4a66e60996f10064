/* A finished solitaire: the words beside the deal. The words are replayed on the deal by the server
   (POST /api/verify/solitaire) as you type; the cards they took leave the drawing. */
"use strict";

(() => {
  const { debounce, query, post, call, el, located, recordLines, pasteOrUpload, keepInAddress } = window.kitgen;
  const { draw, stepper, refusal } = window.kitgenCards;
  const page = document.querySelector(".sol-page");
  const form = page.querySelector("form.sol-form");
  const area = form.querySelector("textarea.words-typed");
  const result = page.querySelector(".result");
  const dealBox = page.querySelector(".sol-deal");
  const seed = form.querySelector("input[name=seed]");
  let drawn = null;
  let asked = 0;
  if (seed && !seed.value) seed.value = "1";

  async function showDeal() {
    const game = form.elements.game.value;
    const { status, data } = await call(`/api/deal/${game}?seed=${encodeURIComponent(seed.value || "1")}`);
    if (status !== 200) { dealBox.replaceChildren(el("p", { class: "error", text: data.error })); drawn = null; return; }
    drawn = draw(data);
    dealBox.replaceChildren(el("h2", { text: window.kitgen.text("deal", { game: window.kitgen.text(`game.${game}`), n: data.seed }) }), drawn.node);
  }

  const address = keepInAddress(form, { key: "words", get: () => area.value, set: (text) => { area.value = text; } });

  async function check() {
    address.save();
    const text = area.value;
    if (!text.trim()) { result.replaceChildren(el("p", { class: "note", text: window.kitgen.text("empty") })); return; }
    const mine = ++asked;
    const { status, data } = await post(`/api/verify/solitaire?${query(form)}`, text);
    if (mine !== asked) return;
    const problems = status === 422 ? data.problems || [] : status === 400 ? [located(data.error)] : [];
    result.replaceChildren();
    if (status === 200) result.append(el("p", { class: "verdict ok", text: window.kitgen.text("won", { n: (data.solution || data.words || []).length }, (data.solution || data.words || []).length) }));
    else if (status === 422) result.append(el("p", { class: "verdict bad", text: data.won === false && !problems.length ? window.kitgen.text("notYet") : window.kitgen.text("notWon") }));
    else result.append(el("p", { class: "verdict bad", text: window.kitgen.text("unreadable") }));
    if (problems.length) result.append(recordLines(text, plainProblems(text, problems, data)));
    if (data.cards_left !== undefined && data.cards_left !== null) result.append(el("p", { class: "note", text: window.kitgen.text("left", { cards: Array.isArray(data.cards_left) ? data.cards_left.join(" ") : data.cards_left }) }));
    if (drawn && Array.isArray(data.solution) && data.solution.length) {
      await showDeal();
      const steps = stepper(data.solution, drawn);
      dealBox.append(steps);
      steps.querySelector("button.all").click();
    }
  }

  /** Each broken rule in words a child reads (the word is its line's first, or the word that is not a word, as
      the verdict names it; the letter the one typed where the problem is: a finished crossword's square; the
      letters a finished crossword leaves out), where the page has them. */
  function plainProblems(text, problems, data) {
    const lines = text.split(/\r?\n/);
    const said = new Set();
    const notWords = [...((data && data.not_words) || [])];
    const letters = ((data && data.unused) || []).join(" ");
    return problems.map((p) => {
      const line = lines[(p.line || 1) - 1] || "";
      const named = p.code === "not-a-word" && notWords.length ? notWords.shift() : "";
      const word = named || (line.trim().split(/\s+/)[0] || "").toUpperCase();
      const letter = p.line && p.col ? (line.charAt(p.col - 1) || "").toUpperCase() : "";
      const plain = refusal(p, word, form.elements.game.value, letter, { letters });
      return plain ? { ...p, message: plain } : p;
    }).filter((p) => { // a rule said once a line (a finished crossword's letters not used are one rule, not one a letter)
      const key = `${p.line || 0} ${p.message}`;
      if (said.has(key)) return false;
      said.add(key);
      return true;
    });
  }

  const later = debounce(check, 350);
  area.addEventListener("input", later);
  form.addEventListener("change", (event) => { if (event.target === area) return; showDeal().then(check); });
  form.addEventListener("submit", (event) => { event.preventDefault(); check(); });
  pasteOrUpload(form.querySelector(".paste-box"), (text) => {
    const seedLine = /deal (\d+)/i.exec(text);
    if (seedLine && seed) seed.value = seedLine[1];
    area.value = text;
    showDeal().then(check);
  });
  if (address.load()) showDeal().then(check); else showDeal();
})();
