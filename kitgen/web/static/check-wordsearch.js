/* Make a Wordsearch, checked the way the sheet looks: a 5x5 grid of boxes, an optional turn log,
   scored as you type; every word found is outlined on the grid and listed with its points. */
"use strict";

(() => {
  const { debounce, query, post, call, el, text, located, pasteOrUpload, keepInAddress } = window.kitgen;
  const page = document.querySelector(".ws-page");
  const form = page.querySelector("form.ws-form");
  const boxes = [...form.querySelectorAll(".ws-grid input")];
  const rows = [...form.querySelectorAll("table.log tbody tr")];
  const svg = form.querySelector("svg.outlines");
  const filled = form.querySelector(".filled");
  const result = page.querySelector(".result");
  const deal = form.querySelector("input[name=deal]");
  const NS = "http://www.w3.org/2000/svg";
  let asked = 0;
  let dealt = [];

  const cell = (input) => input.value.trim().toUpperCase();
  const field = (row, name) => row.querySelector(`input.${name}`);

  /** The sheet as its text file: five lines, then the turn log's complete rows, in order. */
  function sheetText() {
    const lines = [];
    for (let r = 0; r < 5; r++) lines.push(boxes.slice(r * 5, r * 5 + 5).map(cell).join(""));
    const turns = [];
    for (const row of rows) {
      const parts = ["word", "letter", "row", "col"].map((n) => field(row, n).value.trim());
      if (parts.some((p) => p === "")) break;
      turns.push(`${row.dataset.turn} ${parts.join(" ")}`);
    }
    return { text: [...lines, ...turns].join("\n") + "\n", turns: turns.length };
  }

  function outline(words) {
    svg.replaceChildren();
    words.forEach((word, k) => {
      const [r0, c0] = word.cells[0];
      const [r1, c1] = word.cells[word.cells.length - 1];
      const hue = (k * 67) % 360;
      for (const [width, colour] of [[0.7, `hsla(${hue}, 70%, 35%, 0.75)`], [0.6, `hsla(${hue}, 85%, 75%, 0.35)`]]) {
        const line = document.createElementNS(NS, "line");
        for (const [a, v] of [["x1", c0 - 0.5], ["y1", r0 - 0.5], ["x2", c1 - 0.5], ["y2", r1 - 0.5]]) line.setAttribute(a, v);
        line.setAttribute("stroke", colour);
        line.setAttribute("stroke-width", width);
        line.setAttribute("stroke-linecap", "round");
        line.setAttribute("vector-effect", "none");
        line.dataset.word = word.word;
        svg.append(line);
      }
    });
  }

  function markProblems(problems) {
    boxes.forEach((b) => b.classList.remove("bad"));
    rows.forEach((row) => {
      row.classList.remove("bad");
      const why = row.querySelector("td.why");
      if (why) why.remove();
    });
    for (const p of problems) {
      if (p.line >= 1 && p.line <= 5) boxes.slice((p.line - 1) * 5, p.line * 5).forEach((b) => b.classList.add("bad"));
      const row = rows[p.line - 6];
      if (row) {
        row.classList.add("bad");
        row.append(el("td", { class: "why", text: p.message }));
        form.querySelector("details.log-box").open = true;
      }
    }
  }

  function show(status, data, turns) {
    const problems = status === 422 ? data.problems || [] : status === 400 ? [located(data.error)] : [];
    markProblems(problems);
    if (status !== 200 && status !== 422) {
      outline([]);
      result.replaceChildren(el("p", { class: "error", text: data.error || text("server", { status }) }));
      return;
    }
    outline(data.words);
    const points = (w) => (w.bonus ? `+${w.bonus}` : "");
    result.replaceChildren(
      el("p", {}, el("span", { class: "score-big score", text: data.score }), " ", text("points")),
      el("p", { class: "note", text: text(data.tutorial ? "usedTutorial" : "used", { boxes: data.boxes, bonus: data.bonus }) }),
      el("p", { class: status === 200 ? "verdict ok" : "verdict bad",
        text: status === 200 ? (turns ? text("allTurns", { turns }) : text("read"))
          : text("broken") }),
      ...problems.map((p) => el("p", { class: "error", text: p.message })),
      el("h3", { text: text("found", { n: data.words.length }, data.words.length) }),
      el("table", { class: "plain words-found" },
        el("thead", {}, el("tr", {}, el("th", { text: text("word") }), el("th", { text: text("boxes") }), el("th", { class: "num", text: text("bonus") }))),
        el("tbody", {}, ...data.words.map((w) => el("tr", {},
          el("td", { text: w.also ? `${w.word} / ${w.also}` : w.word }),
          el("td", { text: w.cells.map(([r, c]) => `${r},${c}`).join(" ") }),
          el("td", { class: "num", text: points(w) }))))));
    if (data.par) result.append(el("p", { class: "note", text: text("par", { score: data.par.score }) }));
  }

  async function check() {
    address.save();
    const count = boxes.filter((b) => cell(b)).length;
    filled.textContent = text("filled", { n: count });
    if (count < 25) {
      outline([]);
      markProblems([]);
      result.replaceChildren(el("p", { class: "note", text: text("toGo", { n: 25 - count }) }));
      return;
    }
    const mine = ++asked;
    const { text: sheet, turns } = sheetText();
    const { status, data } = await post(`/api/verify/wordsearch?${query(form)}`, sheet);
    if (mine === asked) show(status, data, turns);
  }

  async function dealWords() {
    const number = deal ? deal.value.trim() : "";
    if (!number) return;
    const lang = form.querySelector("[name=lang]");
    const inLang = lang && lang.value ? `&lang=${encodeURIComponent(lang.value)}` : "";
    const { status, data } = await call(`/api/deal/wordsearch?seed=${encodeURIComponent(number)}${inLang}`);
    if (status !== 200) return;
    rows.forEach((row, k) => {
      const word = field(row, "word");
      if (word.value === "" || word.value === dealt[k]) word.value = data.words[k];
    });
    dealt = data.words;
  }

  function load(text) {
    const lines = text.replace(/\r\n?/g, "\n").split("\n").filter((l) => l.trim() && !l.trim().startsWith("#"));
    lines.slice(0, 5).forEach((line, r) => {
      [...line.replace(/\s+/g, "")].slice(0, 5).forEach((ch, c) => { boxes[r * 5 + c].value = ch.toUpperCase(); });
    });
    rows.forEach((row, k) => {
      const parts = (lines[5 + k] || "").trim().split(/\s+/);
      ["word", "letter", "row", "col"].forEach((n, i) => { field(row, n).value = parts.length === 5 ? parts[i + 1] : ""; });
    });
    if (lines.length > 5) form.querySelector("details.log-box").open = true;
    check();
  }

  /** The sheet in the address as its text, without the turn log's words the deal fills in (they come back). */
  const address = keepInAddress(form, { key: "sheet", get: () => (boxes.some(cell) ? sheetText().text : ""),
                                        set: (text) => { setTimeout(() => load(text), 0); } });
  const fromAddress = address.load();
  const later = debounce(check, 200);
  boxes.forEach((box, k) => {
    box.addEventListener("input", () => {
      box.value = box.value.replace(/[^A-Za-zÀ-ÿ]/g, "").slice(-1).toUpperCase();
      if (box.value && k < 24) boxes[k + 1].focus();
      later();
    });
    box.addEventListener("keydown", (event) => {
      const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -5, ArrowDown: 5 };
      if (event.key === "Backspace" && !box.value && k > 0) { boxes[k - 1].focus(); boxes[k - 1].value = ""; later(); event.preventDefault(); }
      else if (moves[event.key] !== undefined && boxes[k + moves[event.key]]) { boxes[k + moves[event.key]].focus(); event.preventDefault(); }
    });
    box.addEventListener("focus", () => box.select());
  });
  form.querySelector("table.log").addEventListener("input", later);
  form.addEventListener("change", (event) => { if (event.target === deal) dealWords().then(check); else later(); });
  form.addEventListener("submit", (event) => { event.preventDefault(); check(); });
  pasteOrUpload(form.querySelector(".paste-box"), load);
  dealWords().then(() => { if (fromAddress) check(); });
  window.kitgen.wordsearchSheet = () => sheetText().text;  // a class session's page sends what is typed
})();
