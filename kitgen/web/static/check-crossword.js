/* The Crossword game on its pattern: click a light, type the entry, next player. Every turn is checked by
   the server (POST /api/verify/crossword on the record so far); the computer answers from the move
   generator (POST /api/reply/crossword). The record, a text file, is the game's only state. */
"use strict";

(() => {
  const { call, post, el, located, showError, pasteOrUpload } = window.kitgen;
  const page = document.querySelector(".xw-page");
  const setup = page.querySelector("form.new-game");
  const board = page.querySelector(".board");
  const gridBox = board.querySelector(".xw");
  const entryForm = board.querySelector("form.entry");
  const entry = entryForm.querySelector("input[name=entry]");
  const which = entryForm.querySelector(".which");
  const refusal = board.querySelector(".refusal");
  const over = board.querySelector(".over");
  const turnList = board.querySelector("ol.turns");
  const recordOut = board.querySelector("textarea.record-out");
  const RECORD_OPTIONS = ["ink", "hints", "lang", "all_words"];
  const game = { rows: [], bars: [], circled: [], shaded: [], players: [], turns: [], lights: [], cells: [],
                 selected: null, doc: null, history: [], busy: false, generation: 0 };
  const MARKS = { bar_right: "|", bar_below: "_", circle: "*", shade: "+" };

  const value = (name) => { const f = setup.elements[name]; return !f ? "" : f.type === "checkbox" ? (f.checked ? "1" : "0") : f.value.trim(); };
  const params = (names) => { const q = new URLSearchParams(); for (const n of names) if (value(n) !== "") q.set(n, value(n)); return q; };
  const toPlay = () => game.players[game.turns.length % game.players.length];
  const computerPlays = (player) => value("computer") === "1" && player === game.players[game.players.length - 1];

  /** Lights of a pattern (ruling 1): maximal runs of two or more white cells, stopped by blocks, voids and bars. */
  function lightsOf(rows, bars) {
    const R = rows.length, C = rows[0].length;
    const white = (r, c) => r >= 0 && c >= 0 && r < R && c < C && rows[r][c] !== "#" && rows[r][c] !== "-";
    const barred = new Set(bars.map(([r, c, side]) => `${r},${c},${side}`));
    const open = (r, c, dr, dc) => white(r + dr, c + dc) && !barred.has(`${r},${c},${dr ? "B" : "R"}`);
    const lights = [];
    let number = 0;
    const numbers = rows.map(() => Array(C).fill(0));
    for (let r = 0; r < R; r++) {
      for (let c = 0; c < C; c++) {
        if (!white(r, c)) continue;
        const found = [];
        for (const [dr, dc, dir] of [[0, 1, "A"], [1, 0, "D"]]) {
          if ((white(r - dr, c - dc) && open(r - dr, c - dc, dr, dc)) || !open(r, c, dr, dc)) continue;
          const cells = [[r, c]];
          while (open(cells[cells.length - 1][0], cells[cells.length - 1][1], dr, dc)) cells.push([cells[cells.length - 1][0] + dr, cells[cells.length - 1][1] + dc]);
          found.push({ dir, cells });
        }
        if (!found.length) continue;
        numbers[r][c] = ++number;
        for (const f of found) lights.push({ name: `${number}${f.dir}`, cells: f.cells });
      }
    }
    return { lights, numbers };
  }

  /** The pattern's rows as the record writes them (docs/crossword.md, "Pattern"): each cell, then its marks:
      | a bar on its right, _ a bar under it, * a circle, + shading. */
  function rowsText() {
    const has = (list) => new Set(list.map((cell) => cell.slice(0, 2).join(",")));
    const right = has(game.bars.filter((b) => b[2] === "R")), below = has(game.bars.filter((b) => b[2] === "B"));
    const circled = has(game.circled), shaded = has(game.shaded);
    return game.rows.map((row, r) => [...row].map((ch, c) => {
      const key = `${r},${c}`;
      return ch + (right.has(key) ? MARKS.bar_right : "") + (below.has(key) ? MARKS.bar_below : "")
        + (circled.has(key) ? MARKS.circle : "") + (shaded.has(key) ? MARKS.shade : "");
    }).join(""));
  }

  /** Pattern rows as typed (cells with their marks) -> the cells, the bars, the circled and the shaded cells. */
  function readRows(lines) {
    const rows = [], bars = [], circled = [], shaded = [];
    lines.forEach((line, r) => {
      let cells = "";
      for (const ch of line) {
        const cell = [r, cells.length - 1];
        if (ch === MARKS.bar_right || ch === MARKS.bar_below) bars.push([...cell, ch === MARKS.bar_right ? "R" : "B"]);
        else if (ch === MARKS.circle) circled.push(cell);
        else if (ch === MARKS.shade) shaded.push(cell);
        else cells += ch;
      }
      rows.push(cells);
    });
    return { rows, bars, circled, shaded };
  }

  function recordText(turns = game.turns) {
    return ["# a Crossword game played in kitgen's browser page", "pattern:", ...rowsText(),
            `players: ${game.players.join(" ")}`, ...turns].join("\n") + "\n";
  }

  function letters() {
    const out = new Map();
    for (const move of (game.doc && game.doc.moves) || []) {
      const light = game.lights.find((l) => l.name === move.light);
      if (!light || !move.word) continue;
      light.cells.forEach(([r, c], k) => { if (move.word[k]) out.set(`${r},${c}`, move.word[k]); });
    }
    return out;
  }

  function drawGrid() {
    const { numbers } = lightsOf(game.rows, game.bars);
    const filled = letters();
    const on = new Set(game.selected ? game.selected.cells.map(([r, c]) => `${r},${c}`) : []);
    const cols = game.rows[0].length;
    const keys = (list) => new Set(list.map((cell) => cell.slice(0, 2).join(",")));
    const right = keys(game.bars.filter((b) => b[2] === "R")), below = keys(game.bars.filter((b) => b[2] === "B"));
    const circled = keys(game.circled), shaded = keys(game.shaded);
    gridBox.classList.toggle("shaped", game.rows.some((row) => row.includes("-")));
    const holder = getComputedStyle(gridBox.parentElement);
    const room = (gridBox.parentElement.clientWidth || 600) - parseFloat(holder.paddingLeft) - parseFloat(holder.paddingRight) - 6;
    const size = Math.max(14, Math.min(44, Math.floor(room / cols)));
    gridBox.style.gridTemplateColumns = `repeat(${cols}, ${size}px)`;
    gridBox.style.setProperty("--cell", `${size}px`);
    game.cells = [];
    const nodes = [];
    game.rows.forEach((row, r) => [...row].forEach((ch, c) => {
      const key = `${r},${c}`;
      const block = ch === "#" || ch === "-";
      const marks = [ch === "-" ? "void" : ch === "#" ? "block" : "", right.has(key) ? "bar-r" : "", below.has(key) ? "bar-b" : "",
                     circled.has(key) ? "circled" : "", shaded.has(key) ? "shaded" : "", on.has(key) ? "on" : ""];
      const label = ch === "-" ? "no square" : block ? "block" : `row ${r + 1}, column ${c + 1}`
        + (right.has(key) ? ", bar on the right" : "") + (below.has(key) ? ", bar below" : "") + (circled.has(key) ? ", circled" : "");
      const node = el("button", { type: "button", class: ["cell", ...marks.filter(Boolean)].join(" "),
                                  "aria-label": label, "data-r": r, "data-c": c, disabled: block });
      if (numbers[r][c]) node.append(el("span", { class: "num", text: numbers[r][c] }));
      if (filled.has(key)) node.append(filled.get(key));
      if (!block) node.addEventListener("click", () => choose(r, c));
      nodes.push(node);
    }));
    gridBox.replaceChildren(...nodes);
  }

  function choose(r, c) {
    const here = game.lights.filter((l) => l.cells.some(([a, b]) => a === r && b === c));
    if (!here.length) return;
    const now = game.selected && here.indexOf(game.selected);
    game.selected = here.length > 1 && now === 0 ? here[1] : here[0];
    const filled = letters();
    const pattern = game.selected.cells.map(([a, b]) => filled.get(`${a},${b}`) || "?").join("");
    which.textContent = `${toPlay()}: ${game.selected.name}, ${game.selected.cells.length} letters (${pattern})`;
    drawGrid();
    entry.focus();
  }

  function drawScores() {
    const scores = (game.doc && game.doc.scores) || {};
    board.querySelector(".scores").replaceChildren(...game.players.map((p) => el("div", { class: p === toPlay() && !finished() ? "to-play" : "" },
      `${p}${computerPlays(p) ? " (computer)" : ""}`, el("b", { text: scores[p] || 0 }))));
  }

  const finished = () => Boolean(game.doc && game.doc.finished);

  function drawTurns() {
    const moves = (game.doc && game.doc.moves) || [];
    turnList.replaceChildren(...game.history.map((h) => {
      if (h.refused) return el("li", { class: "refused" }, `${h.line}: refused`, el("span", { class: "why", text: h.message }));
      const m = moves[h.index];
      if (!m) return el("li", { text: h.line });
      const text = m.light ? `${m.player} ${m.light} ${m.shown || m.word}: ${m.score} point${m.score === 1 ? "" : "s"}${m.links ? ` (${m.links} link${m.links === 1 ? "" : "s"})` : ""}` : `${m.player} passes`;
      const best = m.best && m.best.length ? el("span", { class: "why note", text: `best then: ${m.best.map((b) => `${b.light} ${b.word} ${b.score}`).join(", ")}` }) : null;
      return el("li", {}, text, best);
    }));
    recordOut.value = recordText();
  }

  function drawAll() {
    drawGrid();
    drawScores();
    drawTurns();
    const done = finished();
    over.hidden = !done;
    if (done) over.textContent = game.doc.winner ? `Game over: ${game.doc.winner} wins.` : `Game over: a tie between ${(game.doc.tied || []).join(" and ")}.`;
    for (const control of [entry, entryForm.querySelector(".enter"), entryForm.querySelector(".pass")]) control.disabled = done || game.busy || !game.rows.length;
    if (!game.selected) which.textContent = done ? "The game is over" : `${toPlay()} to play: click a light on the pattern`;
  }

  /** Check the record with ``line`` added: accepted, it becomes a turn; refused, it is listed with why. */
  async function tryTurn(line) {
    const { status, data } = await post(`/api/verify/crossword?${params(RECORD_OPTIONS)}`, recordText([...game.turns, line]));
    if (status === 200) {
      game.turns.push(line);
      game.doc = data;
      game.history.push({ line, index: data.moves.length - 1 });
      showError(refusal, "");
      return true;
    }
    const problem = status === 422 ? (data.problems || [])[0] || { message: "a rule is broken" } : located(data.error);
    const message = problem.code ? `${problem.message} (${problem.code})` : problem.message;
    game.history.push({ line, refused: true, message });
    showError(refusal, `${line}: ${message}`);
    return false;
  }

  async function turn(line) {
    game.busy = true;
    drawAll();
    const accepted = await tryTurn(line);
    game.selected = null;
    entry.value = "";
    game.busy = false;
    drawAll();
    if (accepted) await computerTurns();
  }

  async function computerTurns() {
    while (!finished() && computerPlays(toPlay())) {
      game.busy = true;
      drawAll();
      const { status, data } = await post(`/api/reply/crossword?${params(["level", ...RECORD_OPTIONS.filter((n) => n !== "ink" && n !== "hints")])}`, recordText());
      const ok = status === 200 && (await tryTurn(data.line));
      game.busy = false;
      drawAll();
      if (!ok) { if (status !== 200) showError(refusal, data.error); break; }
    }
  }

  function start({ rows, bars = [], circled = [], shaded = [] }, players, turns = []) {
    Object.assign(game, { rows, bars, circled, shaded, players, turns: [], history: [], selected: null, doc: null });
    game.lights = lightsOf(rows, bars).lights;
    showError(setup.querySelector(".error"), "");
    showError(refusal, "");
    return (async () => {
      for (const line of turns) if (!(await tryTurn(line))) break;
      if (!turns.length) {
        const { status, data } = await post(`/api/verify/crossword?${params(RECORD_OPTIONS)}`, recordText());
        if (status === 200) game.doc = data;
        else showError(setup.querySelector(".error"), data.error || (data.problems || [{}])[0].message);
      }
      drawAll();
      await computerTurns();
    })();
  }

  async function newGame() {
    const generation = ++game.generation;
    const players = value("players").toUpperCase().split(/[^A-Z0-9]+/).filter(Boolean);
    if (players.length < 2 && value("computer") !== "1") { showError(setup.querySelector(".error"), "Name at least two players."); return; }
    if (players.length < 2) players.push("KITGEN");
    const q = params(["size", "style", "symmetry", "seed", "lang"]);
    const { status, data } = await call(`/api/json/pattern?${q}`);
    if (generation !== game.generation) return;  // a newer game was asked for meanwhile
    if (status !== 200) { showError(setup.querySelector(".error"), data.error); return; }
    const pattern = data.patterns[0];
    await start(pattern, players);
  }

  /** A pasted record: the inline pattern's rows (with their bars, circles and shading), the players, the turns
      (the server says what is wrong). */
  function load(text) {
    const lines = text.replace(/\r\n?/g, "\n").split("\n").map((l) => l.replace(/(^|\s)# .*$/, "").replace(/^#$/, "").trimEnd());
    let rows = [], players = [], turns = [], inPattern = false;
    for (const line of lines) {
      const header = /^\s*([A-Za-z]+)\s*:(.*)$/.exec(line);
      if (header && header[1].toLowerCase() === "pattern") { inPattern = !header[2].trim(); if (!inPattern) { showError(setup.querySelector(".error"), "This page needs the grid inline: 'pattern:' alone on its line, then its rows."); return; } continue; }
      if (header && header[1].toLowerCase() === "players") { players = header[2].trim().split(/\s+/); inPattern = false; continue; }
      if (!line.trim()) continue;
      if (inPattern && line.trim().split(/\s+/).length === 1) { rows.push(line.trim()); continue; }
      inPattern = false;
      turns.push(line.trim());
    }
    if (!rows.length || players.length < 1) { showError(setup.querySelector(".error"), "A record has 'pattern:' with its rows, and a 'players:' line."); return; }
    setup.elements.computer.checked = false;
    game.generation += 1;
    start(readRows(rows), players, turns);
  }

  setup.addEventListener("submit", (event) => { event.preventDefault(); newGame(); });
  entryForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const word = entry.value.trim();
    if (!game.selected) { showError(refusal, "Click a light on the pattern first."); return; }
    if (!word) return;
    turn(`${toPlay()} ${game.selected.name} ${word.toUpperCase()}`);
  });
  entryForm.querySelector(".pass").addEventListener("click", () => turn(`${toPlay()} pass`));
  pasteOrUpload(page.querySelector(".paste-box"), load);
  newGame();
})();
