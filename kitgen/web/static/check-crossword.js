/* The Crossword game on its pattern: click a light, type the entry, next player. Every turn is checked by
   the server (POST /api/verify/crossword on the record so far); the computer answers from the move
   generator (POST /api/reply/crossword). The record, a text file, is the game's only state; the page's address
   holds it too (the pattern's options, or its rows for a pasted or uploaded grid, the players, the turns played),
   so a link or a bookmark reopens the same game at the same turn, and Back / Forward go through the games. */
"use strict";

(() => {
  const { call, post, el, located, showError, pasteOrUpload, text: tr } = window.kitgen;
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
  const thinking = board.querySelector(".thinking");
  const SAVED = "kitgen.crossword.game";
  const game = { rows: [], bars: [], circled: [], shaded: [], players: [], turns: [], lights: [], cells: [],
                 selected: null, doc: null, history: [], busy: false, generation: 0, cursor: null, dir: "A",
                 pending: new Map(), touch: false, source: "seed" };
  // The form's options a game's address keeps (an uploaded grid's token is not kept: the grid's rows are).
  const ADDRESS_FIELDS = ["size", "style", "symmetry", "seed", "lang", "players", "computer", "level", "ink", "hints",
                          "all_words"];
  const LONGEST = 3000;  // an address longer than this keeps the options and the grid, not the turns
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

  /** The lights through a cell: its across light first, then its down light. */
  const lightsAt = (r, c) => game.lights.filter((l) => l.cells.some(([a, b]) => a === r && b === c))
    .sort((a, b) => (a.name.endsWith("A") ? 0 : 1) - (b.name.endsWith("A") ? 0 : 1));
  const across = (light) => light.name.endsWith("A");
  const lightWords = (light) => tr(across(light) ? "across" : "down", { n: light.name.slice(0, -1) });
  /** "A and B and C", in the page's words (null for none). */
  const both = (items) => (items.length ? items.reduce((a, b) => tr("and", { a, b })) : null);
  const white = (r, c) => r >= 0 && c >= 0 && r < game.rows.length && c < game.rows[0].length
    && game.rows[r][c] !== "#" && game.rows[r][c] !== "-";

  /** The letter a cell shows: played (fixed), else typed for the turn being made (pending). */
  function shown(r, c, filled = letters()) {
    const key = `${r},${c}`;
    return filled.get(key) || game.pending.get(key) || "";
  }

  /** Put the cursor on a cell; ``dir`` ("A" or "D") is kept when the cell has a light that way. */
  function place(r, c, dir = game.dir) {
    const here = lightsAt(r, c);
    if (!here.length) return;
    const way = here.find((l) => l.name.endsWith(dir)) || here[0];
    if (game.selected !== way) game.pending.clear();
    game.cursor = { r, c };
    game.dir = way.name.slice(-1);
    game.selected = way;
    syncEntry();
    drawGrid();
    focusCursor();
  }

  function focusCursor() {
    if (!game.cursor) return;
    const node = gridBox.querySelector(`[data-r="${game.cursor.r}"][data-c="${game.cursor.c}"]`);
    if (node && gridBox.contains(document.activeElement)) node.focus();
  }

  /** The entry box shows the selected light's letters (played and typed; ? for an empty square). */
  function syncEntry() {
    if (!game.selected) { which.textContent = tr("toPlay", { player: toPlay() }); return; }
    const filled = letters();
    const word = game.selected.cells.map(([a, b]) => shown(a, b, filled) || "?").join("");
    const n = game.selected.cells.length;
    which.textContent = tr("light", { player: toPlay(), light: lightWords(game.selected), n }, n);
    entry.value = word.includes("?") && !game.pending.size ? "" : word;
  }

  function drawGrid() {
    const hadFocus = gridBox.contains(document.activeElement);
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
    if (!game.cursor || !white(game.cursor.r, game.cursor.c)) {
      const first = game.lights[0];
      game.cursor = first ? { r: first.cells[0][0], c: first.cells[0][1] } : null;
    }
    const rows = game.rows.map((row, r) => el("div", { role: "row", class: "xw-row" }, ...[...row].map((ch, c) => {
      const key = `${r},${c}`;
      const block = ch === "#" || ch === "-";
      const cursor = game.cursor && game.cursor.r === r && game.cursor.c === c;
      const marks = [ch === "-" ? "void" : ch === "#" ? "block" : "", right.has(key) ? "bar-r" : "", below.has(key) ? "bar-b" : "",
                     circled.has(key) ? "circled" : "", shaded.has(key) ? "shaded" : "", on.has(key) ? "on" : "",
                     cursor ? "focus" : "", !filled.has(key) && game.pending.has(key) ? "typed" : ""];
      const letter = shown(r, c, filled);
      let label;
      if (block) label = tr(ch === "-" ? "noSquare" : "block");
      else {
        const lights = both(lightsAt(r, c).map(lightWords));
        label = [numbers[r][c] || null, letter || tr("empty"), lights, right.has(key) ? tr("barRight") : null,
                 below.has(key) ? tr("barBelow") : null, circled.has(key) ? tr("circled") : null].filter((x) => x !== null).join(", ");
      }
      const node = el("div", { role: "gridcell", class: ["cell", ...marks.filter(Boolean)].join(" "), "aria-label": label,
                               "data-r": r, "data-c": c, tabindex: block ? null : cursor ? "0" : "-1",
                               "aria-selected": block ? null : on.has(key) ? "true" : "false", "aria-disabled": block ? "true" : null });
      if (numbers[r][c]) node.append(el("span", { class: "num", "aria-hidden": "true", text: numbers[r][c] }));
      if (letter) node.append(el("span", { class: "letter", "aria-hidden": "true", text: letter }));
      return node;
    })));
    gridBox.replaceChildren(...rows);
    const cursorNode = game.cursor && gridBox.querySelector(`[data-r="${game.cursor.r}"][data-c="${game.cursor.c}"]`);
    if (hadFocus && cursorNode) cursorNode.focus();
  }

  /** The next white cell from (r, c) going (dr, dc), over blocks; null at the edge. */
  function step(r, c, dr, dc) {
    for (let a = r + dr, b = c + dc; a >= 0 && b >= 0 && a < game.rows.length && b < game.rows[0].length; a += dr, b += dc) {
      if (white(a, b) && lightsAt(a, b).length) return [a, b];
    }
    return null;
  }

  /** The cursor's index in the selected light. */
  const atInLight = () => game.selected.cells.findIndex(([a, b]) => a === game.cursor.r && b === game.cursor.c);

  function moveInLight(by) {
    if (!game.selected) return;
    const k = atInLight() + by;
    if (k < 0 || k >= game.selected.cells.length) return;
    const [r, c] = game.selected.cells[k];
    game.cursor = { r, c };
    drawGrid();
    focusCursor();
  }

  /** Tab: the next light (or the previous); false at the end, so the key leaves the grid. */
  function nextLight(by) {
    const k = game.selected ? game.lights.indexOf(game.selected) : -1;
    const next = game.lights[k + by];
    if (!next) return false;
    const filled = letters();
    const empty = next.cells.find(([a, b]) => !filled.has(`${a},${b}`)) || next.cells[0];
    game.pending.clear();
    game.selected = null;
    place(empty[0], empty[1], next.name.slice(-1));
    return true;
  }

  function typeLetter(letter) {
    if (finished() || game.busy || !game.cursor) return;
    if (!game.selected) place(game.cursor.r, game.cursor.c);
    const key = `${game.cursor.r},${game.cursor.c}`;
    if (!letters().has(key)) game.pending.set(key, letter);
    syncEntry();
    moveInLight(1);
    drawGrid();
    focusCursor();
  }

  function erase() {
    if (!game.selected) return;
    const key = `${game.cursor.r},${game.cursor.c}`;
    if (game.pending.has(key)) game.pending.delete(key);
    else {
      moveInLight(-1);
      game.pending.delete(`${game.cursor.r},${game.cursor.c}`);
    }
    syncEntry();
    drawGrid();
    focusCursor();
  }

  const ARROWS = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };

  function onKey(event) {
    if (!game.cursor || event.altKey || event.ctrlKey || event.metaKey) return;
    const { r, c } = game.cursor;
    if (!game.selected && event.key !== "Tab" && !finished()) place(r, c);  // the first key in the grid picks the light
    if (ARROWS[event.key]) {
      const [dr, dc] = ARROWS[event.key];
      const dir = dr ? "D" : "A";
      event.preventDefault();
      if (game.dir !== dir && lightsAt(r, c).some((l) => l.name.endsWith(dir))) { place(r, c, dir); return; }
      const to = step(r, c, dr, dc);
      if (to) place(to[0], to[1], dir);
    } else if (event.key === "Tab") {
      if (nextLight(event.shiftKey ? -1 : 1)) event.preventDefault();
    } else if (event.key === " ") {
      event.preventDefault();
      place(r, c, game.dir === "A" ? "D" : "A");
    } else if (event.key === "Backspace" || event.key === "Delete") {
      event.preventDefault();
      erase();
    } else if (event.key === "Enter") {
      event.preventDefault();
      enterSelected();
    } else if (event.key === "Escape") {
      game.pending.clear();
      syncEntry();
      drawGrid();
      focusCursor();
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      if (game.selected) moveInLight(event.key === "Home" ? -atInLight() : game.selected.cells.length - 1 - atInLight());
    } else if (/^\p{L}$/u.test(event.key)) {
      event.preventDefault();
      typeLetter(event.key.toUpperCase());
    }
  }

  /** A click (or tap) on a square: the cursor goes there; a second click on it turns the light. */
  function onClick(event) {
    const node = event.target.closest(".cell");
    if (!node || node.classList.contains("block") || node.classList.contains("void")) return;
    const r = Number(node.dataset.r), c = Number(node.dataset.c);
    const again = game.cursor && game.cursor.r === r && game.cursor.c === c && game.selected;
    node.focus();
    place(r, c, again ? (game.dir === "A" ? "D" : "A") : game.dir);
    if (game.touch) entry.focus();  // a phone's keyboard opens for the entry box, not for a square
  }

  /** Enter the selected light's letters as the turn (from the grid or the entry box). */
  function enterSelected() {
    if (!game.selected) { showError(refusal, tr("chooseFirst")); return; }
    const word = entry.value.trim().toUpperCase();
    if (!word || word.includes("?")) { showError(refusal, tr("fillFirst", { light: lightWords(game.selected) })); return; }
    turn(`${toPlay()} ${game.selected.name} ${word}`);
  }

  /** The "computer is thinking" sign (empty: hidden). */
  function think(text) {
    thinking.textContent = text;
    thinking.hidden = !text;
  }

  /** The game as an address: the form's options, the grid's rows where no seed makes it, the turns played. */
  function address() {
    const q = new URLSearchParams();
    for (const name of ADDRESS_FIELDS) if (value(name) !== "") q.set(name, value(name));
    if (game.source === "rows") for (const row of rowsText()) q.append("row", row);
    const withTurns = new URLSearchParams(q);
    for (const line of game.turns) withTurns.append("turn", line);
    return withTurns.toString().length > LONGEST ? q : withTurns;
  }

  /** The address of the game on screen; a new game is a new entry in the browser's history. */
  function remember(push = false) {
    const url = `${location.pathname}?${address()}`;
    if (url === location.pathname + location.search) return;
    if (push) history.pushState(null, "", url); else history.replaceState(null, "", url);
  }

  /** The game in this browser (localStorage): the pattern, the players, the turns and the form's options, so a
      reload (or coming back tomorrow) goes on with it; and in the page's address. */
  function save(push = false) {
    const options = {};
    for (const field of setup.elements) if (field.name) options[field.name] = field.type === "checkbox" ? field.checked : field.value;
    remember(push);
    try {
      localStorage.setItem(SAVED, JSON.stringify({ rows: game.rows, bars: game.bars, circled: game.circled, shaded: game.shaded,
                                                   players: game.players, turns: game.turns, options, source: game.source,
                                                   address: location.search.replace(/^\?/, "") }));
    } catch (error) { /* private browsing: the game is not kept */ }
  }

  function savedGame() {
    let saved = null;
    try { saved = JSON.parse(localStorage.getItem(SAVED) || "null"); } catch (error) { saved = null; }
    return saved && Array.isArray(saved.rows) && saved.rows.length && Array.isArray(saved.players) ? saved : null;
  }

  /** The game the address names: its options into the form, its pattern (made again from its seed, or its rows),
      its turns replayed. False when the address names none. */
  async function fromAddress() {
    const q = new URLSearchParams(location.search);
    if (![...q.keys()].some((name) => ADDRESS_FIELDS.includes(name) || name === "row" || name === "turn")) return false;
    for (const [name, v] of q) {
      const field = setup.elements[name];
      if (!ADDRESS_FIELDS.includes(name) || !field || field.type === "file") continue;
      if (field.type === "checkbox") field.checked = v === "1"; else field.value = v;
    }
    const hidden = setup.querySelector("input[type=hidden][name=from_file]");
    if (hidden) hidden.value = "";
    const rows = q.getAll("row");
    if (rows.length) {
      game.generation += 1;
      board.querySelector(".resumed").hidden = true;
      game.source = "rows";
      await start(readRows(rows), playersOf(), q.getAll("turn"));
    } else {
      await newGame(false, q.getAll("turn"));
    }
    return true;
  }

  /** The game this browser kept goes on, with its options. A game with no turn played yet keeps the page's
      language of the words (the form's, from the page's language), not the one of the page it was started on:
      opening the page once in English must not make a French page's words English. */
  function resume() {
    const saved = savedGame();
    if (!saved) return false;
    const played = Array.isArray(saved.turns) && saved.turns.length > 0;
    for (const [name, v] of Object.entries(saved.options || {})) {
      const field = setup.elements[name];
      if (!field || field.type === "file" || (name === "lang" && !played)) continue;
      if (field.type === "checkbox") field.checked = Boolean(v); else field.value = String(v);
    }
    game.generation += 1;
    showError(refusal, "");
    board.querySelector(".resumed").hidden = false;
    game.source = saved.source || "rows";
    start({ rows: saved.rows, bars: saved.bars || [], circled: saved.circled || [], shaded: saved.shaded || [] },
          saved.players, saved.turns || []);
    return true;
  }

  function drawScores() {
    const scores = (game.doc && game.doc.scores) || {};
    board.querySelector(".scores").replaceChildren(...game.players.map((p) => el("div", { class: p === toPlay() && !finished() ? "to-play" : "" },
      computerPlays(p) ? tr("computer", { player: p }) : p, el("b", { text: scores[p] || 0 }))));
  }

  const finished = () => Boolean(game.doc && game.doc.finished);

  function drawTurns() {
    const moves = (game.doc && game.doc.moves) || [];
    turnList.replaceChildren(...game.history.map((h) => {
      // A refused turn is listed without a number: the numbers are the record's turns.
      if (h.refused) return el("li", { class: "refused", "data-code": h.code || null }, refusedTurn(h.line), el("span", { class: "why", text: h.message }));
      const m = moves[h.index];
      if (!m) return el("li", { value: h.index + 1, text: h.line });
      const scored = () => tr("scored", { player: m.player, light: m.light, word: m.shown || m.word, n: m.score }, m.score)
        + (m.links ? ` ${tr("links", { n: m.links }, m.links)}` : "");
      const text = m.light ? scored() : tr("passes", { player: m.player });
      const best = m.best && m.best.length ? el("span", { class: "why note", text: tr("best", { moves: m.best.map((b) => `${b.light} ${b.word} ${b.score}`).join(", ") }) }) : null;
      return el("li", { value: h.index + 1 }, text, best);
    }));
    recordOut.value = recordText();
  }

  function drawAll() {
    drawGrid();
    drawScores();
    drawTurns();
    const done = finished();
    over.hidden = !done;
    if (done) over.textContent = game.doc.winner ? tr("wins", { winner: game.doc.winner }) : tr("tie", { players: both(game.doc.tied || []) || "" });
    for (const control of [entry, entryForm.querySelector(".enter"), entryForm.querySelector(".pass")]) control.disabled = done || game.busy || !game.rows.length;
    if (!game.selected) which.textContent = done ? tr("over") : tr("toPlay", { player: toPlay() });
    gridBox.setAttribute("aria-busy", String(game.busy));
  }

  /** A refused turn as a person says it ("ANN tried AAAA in 1 across"), not as the record writes it
      ("ANN 1A AAAA"); a line that is neither a turn nor a pass as it was typed. */
  function refusedTurn(line) {
    const [player = "", light = "", ...word] = line.trim().split(/\s+/);
    const named = /^(\d+)([AD])$/i.exec(light);
    if (named && word.length) {
      const where = tr(named[2].toUpperCase() === "A" ? "across" : "down", { n: named[1] });
      return tr("refusedTurn", { player, word: word.join(" ").toUpperCase(), light: where });
    }
    if (light.toLowerCase() === "pass" && !word.length) return tr("refusedPass", { player });
    return tr("refused", { line });
  }

  /** A broken rule in words a child reads, the rule quoted (the page's refuse.CODE, filled in from the turn:
      its player, its light, its word), else the checker's own message. */
  function plainly(problem, line) {
    const [player = "", light = "", ...word] = line.split(/\s+/);
    const plain = tr(`refuse.${problem.code}`, { player, light, word: word.join(" ").toUpperCase() });
    return plain.startsWith("refuse.") ? problem.message : plain;
  }

  /** Check the record with ``line`` added: accepted, it becomes a turn; refused, it is listed with why. */
  async function tryTurn(line) {
    const { status, data } = await post(`/api/verify/crossword?${params(RECORD_OPTIONS)}`, recordText([...game.turns, line]));
    if (status === 200) {
      game.turns.push(line);
      save();
      game.doc = data;
      game.history.push({ line, index: data.moves.length - 1 });
      showError(refusal, "");
      return true;
    }
    const problem = status === 422 ? (data.problems || [])[0] || { message: tr("broken") } : located(data.error);
    const message = plainly(problem, line);
    game.history.push({ line, refused: true, message, code: problem.code });
    showError(refusal, message); // the plain words only: the turn typed is in the list below, not repeated here
    return false;
  }

  async function turn(line) {
    game.busy = true;
    think(tr("checking"));
    drawAll();
    const accepted = await tryTurn(line);
    if (accepted) { game.selected = null; game.pending.clear(); entry.value = ""; }
    game.busy = false;
    think("");
    drawAll();
    if (accepted) await computerTurns();
  }

  async function computerTurns() {
    while (!finished() && computerPlays(toPlay())) {
      game.busy = true;
      think(tr("thinking", { player: toPlay() }));
      drawAll();
      const { status, data } = await post(`/api/reply/crossword?${params(["level", ...RECORD_OPTIONS.filter((n) => n !== "ink" && n !== "hints")])}`, recordText());
      const ok = status === 200 && (await tryTurn(data.line));
      game.busy = false;
      think("");
      drawAll();
      if (!ok) { if (status !== 200) showError(refusal, data.error); break; }
    }
  }

  function start({ rows, bars = [], circled = [], shaded = [] }, players, turns = [], push = false) {
    Object.assign(game, { rows, bars, circled, shaded, players, turns: [], history: [], selected: null, doc: null,
                          cursor: null, dir: "A" });
    game.pending.clear();
    game.lights = lightsOf(rows, bars).lights;
    showError(setup.querySelector(".error"), "");
    showError(refusal, "");
    return (async () => {
      for (const line of turns) if (!(await tryTurn(line))) break;
      save(push);
      if (!turns.length) {
        const { status, data } = await post(`/api/verify/crossword?${params(RECORD_OPTIONS)}`, recordText());
        if (status === 200) game.doc = data;
        else showError(setup.querySelector(".error"), data.error || (data.problems || [{}])[0].message);
      }
      drawAll();
      await computerTurns();
    })();
  }

  /** The players the form names, in turn order (the computer's KITGEN added to a lone player). */
  function playersOf() {
    const players = value("players").toUpperCase().split(/[^A-Z0-9]+/).filter(Boolean);
    if (players.length < 2 && value("computer") === "1") players.push("KITGEN");
    return players;
  }

  /** A game on the pattern the form asks for (or the uploaded grid), ``turns`` replayed on it; ``push``: a new
      entry in the browser's history (a game the person started, not one an address reopened). */
  async function newGame(push = true, turns = []) {
    const generation = ++game.generation;
    board.querySelector(".resumed").hidden = true;
    const players = playersOf();
    if (players.length < 2) { showError(setup.querySelector(".error"), tr("twoPlayers")); return; }
    const q = params(["size", "style", "symmetry", "seed", "lang", "from_file"]);  // from_file: an uploaded grid
    const { status, data } = await call(`/api/json/pattern?${q}`);
    if (generation !== game.generation) return;  // a newer game was asked for meanwhile
    if (status !== 200) { showError(setup.querySelector(".error"), data.error); return; }
    const pattern = data.patterns[0];
    game.source = value("from_file") ? "rows" : "seed";  // an uploaded grid's token does not last: keep its rows
    await start(pattern, players, turns, push);
  }

  /** A pasted record: the inline pattern's rows (with their bars, circles and shading), the players, the turns
      (the server says what is wrong). */
  function load(text) {
    const lines = text.replace(/\r\n?/g, "\n").split("\n").map((l) => l.replace(/(^|\s)# .*$/, "").replace(/^#$/, "").trimEnd());
    let rows = [], players = [], turns = [], inPattern = false;
    for (const line of lines) {
      const header = /^\s*([A-Za-z]+)\s*:(.*)$/.exec(line);
      if (header && header[1].toLowerCase() === "pattern") { inPattern = !header[2].trim(); if (!inPattern) { showError(setup.querySelector(".error"), tr("inline")); return; } continue; }
      if (header && header[1].toLowerCase() === "players") { players = header[2].trim().split(/\s+/); inPattern = false; continue; }
      if (!line.trim()) continue;
      if (inPattern && line.trim().split(/\s+/).length === 1) { rows.push(line.trim()); continue; }
      inPattern = false;
      turns.push(line.trim());
    }
    if (!rows.length || players.length < 1) { showError(setup.querySelector(".error"), tr("needs")); return; }
    setup.elements.computer.checked = false;
    setup.elements.players.value = players.join(" ");  // the address names the record's players
    game.generation += 1;
    game.source = "rows";
    start(readRows(rows), players, turns, true);
  }

  setup.addEventListener("submit", (event) => { event.preventDefault(); newGame(); });
  setup.addEventListener("change", (event) => { if (event.target.name === "from_file") newGame(); });  // a grid chosen: play on it
  entryForm.addEventListener("submit", (event) => { event.preventDefault(); enterSelected(); });
  gridBox.addEventListener("keydown", onKey);
  gridBox.addEventListener("pointerdown", (event) => { game.touch = event.pointerType === "touch"; });
  gridBox.addEventListener("click", onClick);
  board.querySelector("button.download-record").addEventListener("click", () => {
    const link = el("a", { href: URL.createObjectURL(new Blob([recordText()], { type: "text/plain" })), download: "crossword-game.txt" });
    document.body.append(link);
    link.click();
    link.remove();
  });
  entryForm.querySelector(".pass").addEventListener("click", () => turn(`${toPlay()} pass`));
  pasteOrUpload(page.querySelector(".paste-box"), load);
  window.addEventListener("popstate", () => { fromAddress(); });
  (async () => {
    // The address first (a link, a bookmark), unless it is the game this browser kept: then that game goes on.
    const saved = savedGame();
    const here = location.search.replace(/^\?/, "");
    if (here && !(saved && saved.address === here) && (await fromAddress())) return;
    if (!resume()) newGame(false);
  })();
})();
