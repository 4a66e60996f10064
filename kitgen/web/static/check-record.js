/* A record's check page: the record's text, checked as you type; each problem shown under its line. */
"use strict";

(() => {
  const { debounce, query, post, el, text, located, recordLines, documentView, readFile, keepInAddress } = window.kitgen;
  const page = document.querySelector(".record-page");
  const form = page.querySelector("form.record-form");
  const area = form.querySelector("textarea.record");
  const file = form.querySelector("input[type=file]:not([data-upload])");
  const result = page.querySelector(".result");
  let asked = 0;

  function verdictLine(status, data) {
    if (status === 200) return el("p", { class: "verdict ok", text: data.won === false ? text("checked") : text("legal") });
    if (status === 422) return el("p", { class: "verdict bad", text: text("broken") });
    if (status === 400) return el("p", { class: "verdict bad", text: text("unreadable") });
    return el("p", { class: "verdict bad", text: text("server", { status }) });
  }

  const address = keepInAddress(form, { key: "record", get: () => area.value, set: (text) => { area.value = text; } });

  async function check() {
    address.save();
    const typed = area.value;
    if (!typed.trim()) { result.replaceChildren(el("p", { class: "note", text: text("empty") })); return; }
    const mine = ++asked;
    const { status, data } = await post(`/api/verify/${page.dataset.kind}?${query(form)}`, typed);
    if (mine !== asked) return;
    const problems = status === 422 ? data.problems || [] : status === 400 ? [located(data.error)] : [];
    result.replaceChildren(verdictLine(status, data));
    if (status === 400 && !problems[0].line) result.append(el("p", { class: "error", text: data.error }));
    else if (problems.length) result.append(recordLines(typed, plainProblems(typed, problems, data.not_word)));
    if (status === 200 || status === 422) result.append(documentView(data));
    if (status >= 500 || status === 0) result.append(el("p", { class: "error", text: data.error }));
    result.querySelectorAll(".line.bad").forEach((row) => row.addEventListener("click", () => jump(Number(row.dataset.line))));
  }

  /** Each broken rule in words a child reads, the rule quoted (the page's refuse.CODE), where the page has them:
      {word} the last word of the problem's line (a 3DXWORD refusal's not_word, the word not in the dictionary),
      {player} its first (the name as typed). */
  function plainProblems(typed, problems, notWord) {
    const lines = typed.split(/\r?\n/);
    return problems.map((p) => {
      if (!p.code) return p;
      const tokens = (lines[(p.line || 1) - 1] || "").replace(/#.*$/, "").trim().split(/\s+/);
      const plain = text(`refuse.${p.code}`, { word: notWord || (tokens[tokens.length - 1] || "").toUpperCase(), player: tokens[0] || "" });
      return plain.startsWith("refuse.") ? p : { ...p, message: plain };
    });
  }

  /** Put the cursor on a line of the record (a problem's line was clicked). */
  function jump(line) {
    const lines = area.value.split("\n");
    const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
    area.focus();
    area.setSelectionRange(start, start + (lines[line - 1] || "").length);
  }

  if (address.load()) check();
  const later = debounce(check, 350);
  area.addEventListener("input", later);
  form.addEventListener("change", (event) => { if (event.target.type !== "file") later(); });
  form.addEventListener("submit", (event) => { event.preventDefault(); check(); });
  file.addEventListener("change", async () => {
    try {
      const text = await readFile(file);
      if (text !== null) { area.value = text; check(); }
    } catch (error) { result.replaceChildren(el("p", { class: "error", text: error.message })); }
  });
})();
