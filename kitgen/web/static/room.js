/* A game room: the grid and scores as the room's record has them, refreshed every two seconds; a turn from
   this device's player is checked by the server's verifier before the grid changes. */
"use strict";

(() => {
  const { call, el, text } = window.kitgen;
  const root = document.querySelector(".room");
  const id = root.dataset.room;
  const grid = root.querySelector(".room-grid");
  const status = root.querySelector(".room-status");
  const form = root.querySelector("form.room-turn");
  const errorText = form.querySelector(".turn-error");
  let version = -1;

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
    const scores = state.game.scores || {};
    root.querySelector(".scores tbody").replaceChildren(...state.players.map((p) => el("tr", {},
      el("td", { text: p === state.you ? text("you", { name: p }) : p }), el("td", { text: scores[p] ?? 0 }))));
    root.querySelector(".moves").replaceChildren(...(state.game.moves || []).map((m) =>
      el("li", { text: text("move", { player: m.player, light: m.light, word: m.word, score: m.score }) })));
    const mine = state.next === state.you;
    form.querySelectorAll("input, button").forEach((f) => { f.disabled = !mine; });
    if (state.game.finished) {
      status.textContent = state.game.winner ? text("overWinner", { winner: state.game.winner }) : text("over");
    } else if (mine) {
      status.textContent = text("yourTurn");
    } else {
      const waiting = state.players.filter((p) => !state.taken.includes(p));
      status.textContent = text("theirTurn", { name: state.next }) + (waiting.length ? ` ${text("waiting", { names: waiting.join(", ") })}` : "");
    }
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
    else { form.querySelector(".light").value = ""; form.querySelector(".word").value = ""; }
    version = -1;
    await refresh();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    play({ light: form.querySelector(".light").value, word: form.querySelector(".word").value });
  });
  form.querySelector("button.pass").addEventListener("click", () => play({ pass: "1" }));
  refresh();
  setInterval(refresh, 2000);
})();
