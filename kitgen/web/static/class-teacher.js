/* A class session's teacher page: the sheets, ranked, refreshed every few seconds; deleting asks first. */
"use strict";

(() => {
  const { call, el, text } = window.kitgen;
  const table = document.querySelector("table.ranking");
  const count = document.querySelector(".count");
  const body = table.querySelector("tbody");
  let shown = "";

  /** The name, and the player's own rules where they are not the seed's (tutorial scoring, 2-letter words). */
  function marked(sheet) {
    const tutorial = sheet.rules === "tutorial";
    const which = sheet.short_words ? (tutorial ? "tutorialShort" : "short") : tutorial ? "tutorial" : "";
    return which ? text(which, { name: sheet.name }) : sheet.name;
  }

  function row(sheet) {
    const n = sheet.words.length;
    const found = n ? text("words", { n, words: sheet.words.join(", ") }, n) : text("noWord");
    // the problems are in the language the student read them in (marked, for a screen reader's voice)
    const problems = sheet.problems.flatMap((p) => [" · ", el("span", { lang: sheet.language, text: p })]);
    const result = { won: text("won"), "not won": text("notWon") }[sheet.result] || sheet.result;
    return el("tr", { class: sheet.ok ? "" : "bad" },
      el("td", { text: sheet.rank || "-" }), el("td", { text: marked(sheet) }),
      el("td", { text: !sheet.ok ? text("broken") : result || (sheet.score !== null ? sheet.score : "-") }),
      el("td", { class: "details" }, found, ...problems));
  }

  function show(data) {
    const seen = JSON.stringify(data.sheets);
    if (seen === shown) return;
    shown = seen;
    count.textContent = data.sheets.length;
    body.replaceChildren(...(data.sheets.length ? data.sheets.map(row)
      : [el("tr", {}, el("td", { colspan: 4, class: "note", text: text("empty") }))]));
  }

  async function refresh() {
    const { status, data } = await call(table.dataset.source);
    if (status === 200) show(data);
  }

  /** The fallback: ask for the ranking every few seconds. */
  let polling = null;
  function poll() {
    if (polling) return;
    refresh();
    polling = setInterval(refresh, 4000);
  }

  /** Live: the server sends the ranking whenever a sheet arrives (server-sent events); where the browser has
      none, the stream is refused or nothing comes within 10 s, the page polls instead. */
  function listen() {
    if (!("EventSource" in window)) { poll(); return; }
    const source = new EventSource(table.dataset.events);
    source.addEventListener("ranking", (event) => { table.dataset.live = "events"; show(JSON.parse(event.data)); });
    source.addEventListener("error", () => { if (source.readyState === EventSource.CLOSED) poll(); });
    setTimeout(() => { if (table.dataset.live !== "events") { source.close(); poll(); } }, 10000);
  }

  document.querySelectorAll("form.confirm").forEach((form) => {
    form.addEventListener("submit", (event) => { if (!window.confirm(form.dataset.confirm)) event.preventDefault(); });
  });
  listen();
})();
