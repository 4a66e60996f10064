/* The caller's page: the deal's words one at a time, big enough for a projector, each with its line. */
"use strict";

(() => {
  const root = document.querySelector(".caller");
  const turns = JSON.parse(root.dataset.turns);
  const { text } = window.kitgen;
  const turnText = root.querySelector(".caller-turn");
  const wordText = root.querySelector(".caller-word");
  const lineText = root.querySelector(".caller-line");
  const back = root.querySelector("button.back");
  const next = root.querySelector("button.next");
  const picked = root.querySelector("input.picked");
  const pickedLine = root.querySelector(".picked-line");
  let at = -1;

  /** Make a Wordsearch: a word of N letters goes on line N, wrapping after 5 (6 letters: line 1). */
  const lineOf = (word) => {
    const letters = [...word].filter((c) => /\p{L}/u.test(c)).length;
    return letters ? ((letters - 1) % 5) + 1 : 0;
  };
  const lettersOf = (word) => [...word].filter((c) => /\p{L}/u.test(c)).length;

  function show() {
    back.disabled = at <= 0;
    next.disabled = at >= turns.length - 1;
    if (at < 0) return;
    const { word, line } = turns[at];
    turnText.textContent = text("turn", { n: at + 1, total: turns.length });
    wordText.textContent = word;
    lineText.textContent = text("write", { n: lettersOf(word), line }, lettersOf(word));
  }

  next.addEventListener("click", () => { at = Math.min(at + 1, turns.length - 1); show(); });
  back.addEventListener("click", () => { at = Math.max(at - 1, 0); show(); });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement) return;
    if (event.key === "ArrowRight" || event.key === " ") { event.preventDefault(); next.click(); }
    if (event.key === "ArrowLeft") { event.preventDefault(); if (!back.disabled) back.click(); }
  });
  picked.addEventListener("input", () => {
    const word = picked.value.trim();
    const line = lineOf(word);
    pickedLine.textContent = line ? text("picked", { n: lettersOf(word), line }, lettersOf(word)) : "";
  });
  show();
})();
