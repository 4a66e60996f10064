/* A game room: the grid and scores as the room's record has them, refreshed every two seconds; a turn from
   this device's player is checked by the server's verifier before the grid changes. A 3DXWORD room (.bricks)
   draws its bricks a layer at a time, from the plays as the log writes them (PLAYER WORD X,Y[,Z] DIR ...). */
"use strict";

(() => {
  const { call, el, text } = window.kitgen;
  const root = document.querySelector(".room");
  const id = root.dataset.room;
  const grid = root.querySelector(".room-grid");
  const status = root.querySelector(".room-status");
  const form = root.querySelector("form.room-turn");
  const errorText = form.querySelector(".turn-error");
  const leftForm = root.querySelector("form.room-left");
  let version = -1;
  const bricks = root.classList.contains("bricks");
  const STEP = { across: [1, 0, 0], down: [0, 1, 0], up: [0, 0, 1], drop: [0, 0, -1] };
  const WAYS = ["upside-down", "turned-left", "turned-right"];

  /** Every brick on the table, "x,y,z" -> its letter and how it stands (upright unless the play says), from the
      plays. */
  function laid(turns) {
    const cells = {};
    for (const line of turns) {
      const [, word, at, direction, ...pieces] = line.trim().split(/\s+/);
      if (!STEP[direction]) continue; // a pass
      const start = at.split(",").map(Number);
      [...word].forEach((ch, k) => {
        const c = [0, 1, 2].map((i) => (start[i] || 0) + k * STEP[direction][i]);
        cells[c.join(",")] = cells[c.join(",")] || { ch, way: pieces.find((p) => WAYS.includes(p)) };
      });
    }
    return cells;
  }

  /** The bricks a layer at a time, highest first, every layer over the same stretch of table. */
  function drawBricks(state) {
    const cells = laid(state.turns);
    const at = Object.keys(cells).map((k) => k.split(",").map(Number));
    const span = (i) => at.length ? [Math.min(...at.map((c) => c[i])), Math.max(...at.map((c) => c[i]))] : [0, 0];
    const [[x0, x1], [y0, y1]] = [span(0), span(1)];
    const heights = [...new Set(at.map((c) => c[2]))].sort((a, b) => b - a);
    root.querySelector(".room-layers").replaceChildren(...(heights.length ? heights : [0]).map((z) => {
      const rows = [];
      for (let y = y0; y <= y1; y++) {
        rows.push(el("div", { role: "row", class: "room-row" }, ...Array.from({ length: x1 - x0 + 1 }, (_, i) => {
          const brick = cells[`${x0 + i},${y},${z}`];
          if (!brick) return el("div", { class: "cell block", role: "gridcell", "aria-label": `${x0 + i},${y},${z} ${text("empty")}` });
          return el("div", { class: "cell", role: "gridcell", "aria-label": `${x0 + i},${y},${z} ${brick.ch}` },
            el("span", { class: `letter${brick.way ? ` ${brick.way}` : ""}`, text: brick.ch }));
        })));
      }
      const grid = el("div", { class: "room-grid", role: "grid", "aria-label": z ? text("height", { height: z }) : text("onTable") }, ...rows);
      grid.style.gridTemplateColumns = `repeat(${x1 - x0 + 1}, 1fr)`;
      return el("section", { class: "room-layer" }, el("h3", { text: z ? text("height", { height: z }) : text("onTable") }), grid);
    }));
    root.querySelector(".moves").replaceChildren(...(state.game.plays || []).map((p) =>
      el("li", { text: text("play", { player: p.player, words: p.pass ? "-" : p.words.join(" + "), score: p.score }) })));
  }

  /** Every light's cells, by its number and direction ("2D"), numbered in reading order. */
  function lights(rows) {
    const open = (r, c) => r >= 0 && r < rows.length && c >= 0 && c < rows[r].length && rows[r][c] !== "#";
    const found = {};
    let number = 0;
    rows.forEach((row, r) => [...row].forEach((_, c) => {
      if (!open(r, c)) return;
      const across = !open(r, c - 1) && open(r, c + 1);
      const down = !open(r - 1, c) && open(r + 1, c);
      if (!across && !down) return;
      number += 1;
      for (const [dir, dr, dc, starts] of [["A", 0, 1, across], ["D", 1, 0, down]]) {
        if (!starts) continue;
        const cells = [];
        for (let k = 0; open(r + dr * k, c + dc * k); k++) cells.push([r + dr * k, c + dc * k]);
        found[`${number}${dir}`] = { number, cells };
      }
    }));
    return found;
  }

  function draw(state) {
    if (bricks) drawBricks(state); else drawGrid(state);
    const scores = state.game.scores || {};
    const counted = state.counted || [];
    root.querySelector(".scores tbody").replaceChildren(...state.players.map((p) => el("tr", {},
      el("td", { text: p === state.you ? text("you", { name: p }) : p }), el("td", { text: scores[p] ?? 0 }),
      !counted.length ? null : el("td", { text: counted.includes(p) ? text("left", { n: state.game.unused[p] }, state.game.unused[p]) : "" }))));
    const mine = state.next === state.you;
    form.querySelectorAll("input, button, select").forEach((f) => { f.disabled = !mine; });
    if (leftForm) {  // a 3DXWORD game over: each player counts the letters they have left, once
      leftForm.hidden = !state.over || counted.includes(state.you);
      form.hidden = state.over;
    }
    if (state.over && !state.final) {
      const names = state.players.filter((p) => !counted.includes(p));
      status.textContent = text("counting", { names: names.join(", ") });
    } else if (state.game.finished || state.over) {
      status.textContent = state.game.winner ? text("overWinner", { winner: state.game.winner }) : text("over");
    } else if (mine) {
      status.textContent = text("yourTurn");
    } else {
      const waiting = state.players.filter((p) => !state.taken.includes(p));
      status.textContent = text("theirTurn", { name: state.next }) + (waiting.length ? ` ${text("waiting", { names: waiting.join(", ") })}` : "");
    }
  }

  function drawGrid(state) {
    const found = lights(state.rows);
    const letters = {};
    const numbers = {};
    for (const [name, light] of Object.entries(found)) numbers[light.cells[0].join(",")] = light.number;
    for (const move of state.game.moves || []) {
      const light = found[move.light];
      if (light) [...move.word.replace(/[^\p{L}]/gu, "")].forEach((ch, k) => { if (light.cells[k]) letters[light.cells[k].join(",")] = ch; });
    }
    grid.style.gridTemplateColumns = `repeat(${state.rows[0].length}, 1fr)`;
    // One row element a pattern row (a grid's cells live in rows, for screen readers), laid out by the grid.
    grid.replaceChildren(...state.rows.map((row, r) => el("div", { role: "row", class: "room-row" }, ...[...row].map((ch, c) => {
      const key = `${r},${c}`;
      if (ch === "#") return el("div", { class: "cell block", role: "gridcell", "aria-label": text("block") });
      const label = `${numbers[key] ? `${numbers[key]}, ` : ""}${letters[key] || text("empty")}`;
      return el("div", { class: "cell", role: "gridcell", "aria-label": label },
        numbers[key] ? el("span", { class: "num", text: numbers[key] }) : null,
        el("span", { class: "letter", text: letters[key] || "" }));
    }))));
    root.querySelector(".moves").replaceChildren(...(state.game.moves || []).map((m) =>
      el("li", { text: text("move", { player: m.player, light: m.light, word: m.word, score: m.score }) })));
  }

  let asking = false;  // a state asked for and not yet answered (it may wait in line for a busy server): ask no more
  async function refresh() {
    if (asking) return;
    asking = true;
    let answer;
    try { answer = await call(`/r/${id}/state`); } finally { asking = false; }
    const { status: code, data } = answer;
    if (code !== 200) { status.textContent = data.error || text("unreachable"); return; }
    if (data.version === version) return;
    version = data.version;
    draw(data);
  }

  async function play(fields) {
    errorText.hidden = true;
    const body = new URLSearchParams({ version: String(version), ...fields });
    const { status: code, data } = await call(`/r/${id}/turn`, { method: "POST", body, headers: { "X-Kitgen-Send": "1" } });
    if (code !== 200) { errorText.textContent = data.error || text("refused"); errorText.hidden = false; }
    else form.reset();
    version = -1;
    await refresh();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const value = (name) => (form.querySelector(name) || {}).value || "";  // a table room has no Joiner, X or way
    if (!bricks) { play({ light: value(".light"), word: value(".word") }); return; }
    const x = form.querySelector(".x-piece");
    play({ word: value(".word"), at: value(".at"), direction: value(".direction"), joiner: value(".joiner"),
      x: x && x.checked ? "1" : "", way: value(".way") || "upright" });
  });
  form.querySelector("button.pass").addEventListener("click", () => play({ pass: "1" }));
  if (leftForm) {
    leftForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      const leftError = leftForm.querySelector(".left-error");
      leftError.hidden = true;
      const body = new URLSearchParams({ version: String(version), left: leftForm.querySelector(".left").value });
      const { status: code, data } = await call(`/r/${id}/turn`, { method: "POST", body, headers: { "X-Kitgen-Send": "1" } });
      if (code !== 200) { leftError.textContent = data.error || text("refused"); leftError.hidden = false; }
      version = -1;
      await refresh();
    });
  }
  refresh();
  setInterval(refresh, 2000);
})();
