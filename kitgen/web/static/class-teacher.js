/* A class session's teacher page: the sheets, ranked, refreshed every few seconds; deleting asks first. */
"use strict";

(() => {
  const { call, el } = window.kitgen;
  const table = document.querySelector("table.ranking");
  const count = document.querySelector(".count");
  const body = table.querySelector("tbody");
  let shown = "";

  function row(sheet) {
    const details = [sheet.words.length ? `${sheet.words.length} words: ${sheet.words.join(", ")}` : "no word",
                     ...sheet.problems];
    return el("tr", { class: sheet.ok ? "" : "bad" },
      el("td", { text: sheet.rank || "-" }), el("td", { text: sheet.rules === "tutorial" ? `${sheet.name} (tutorial)` : sheet.name }),
      el("td", { text: !sheet.ok ? "breaks a rule" : sheet.result || (sheet.score !== null ? sheet.score : "-") }),
      el("td", { class: "details", text: details.join(" · ") }));
  }

  async function refresh() {
    const { status, data } = await call(table.dataset.source);
    if (status !== 200) return;
    const text = JSON.stringify(data.sheets);
    if (text === shown) return;
    shown = text;
    count.textContent = data.sheets.length;
    body.replaceChildren(...(data.sheets.length ? data.sheets.map(row)
      : [el("tr", {}, el("td", { colspan: 4, class: "note", text: "No sheet yet: this list updates by itself." }))]));
  }

  document.querySelectorAll("form.confirm").forEach((form) => {
    form.addEventListener("submit", (event) => { if (!window.confirm(form.dataset.confirm)) event.preventDefault(); });
  });
  refresh();
  setInterval(refresh, 4000);
})();
