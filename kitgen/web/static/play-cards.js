/* Playing a solitaire deal by clicking cards (the deal page): take free cards to make a word, play it, and the
   server checks the game so far (POST /api/verify/solitaire, the record a player would type); undo, a hint from
   the solver, "you won". A space left by a played pile is filled by clicking the card to move into it. The game
   is the record: the moves' lines, as the solitaire's text file holds them (docs/game-of-words.md). */
"use strict";

(() => {
  const { el, post, call } = window.kitgen;
  const cards = window.kitgenCards;
  const LEGAL_SO_FAR = "cards-left";

  /** A step (its JSON: piles indexed from 0) as the record writes it: piles counted from 1, as people count them
      and as the server reads a record (docs/game-of-words.md, "Typed-back files"); W and * as they are. */
  const counted = (from) => (typeof from === "number" || /^[0-9]+$/.test(from) ? String(Number(from) + 1) : from);
  function line(step) {
    if (step.move === "turn") return "turn";
    if (step.move === "fill") return `fill ${Number(step.space) + 1} from ${counted(step.from)}`;
    return `${step.word} ${step.from.map(counted).join(" ")}`;
  }

  /** Where a clicked card is: its source as a step names it ("W", "*", or the pile's number). */
  function sourceOf(t, id) {
    if (t.faceup.length && t.faceup[t.faceup.length - 1].id === id) return "W";
    if (t.subs.some((c) => c.id === id)) return "*";
    if (t.extra && t.extra.length && t.extra[0].id === id) return t.piles.length;
    const k = t.piles.findIndex((p) => p.some((c) => c.id === id));
    return k >= 0 ? k : null;
  }

  /** The play panel for a deal on the deal page; ``where``: {variant, params} for the server's check. */
  function player(doc, drawn, where) {
    const moves = [];             // the steps played and accepted
    let picked = [];              // [{from, card}] the word being made
    let busy = false;
    const word = el("div", { class: "cards made-word", "aria-live": "polite" });
    const message = el("p", { class: "play-message", role: "status" });
    const button = (text, cls) => el("button", { type: "button", class: `button ${cls}`, text });
    const tr = window.kitgen.text;  // the page's words (data-texts: _cards.html)
    const playWord = button(tr("playWord"), "play-word");
    const takeBack = button(tr("takeBack"), "quiet take-back");
    const undo = button(tr("undo"), "quiet undo");
    const hint = button(tr("hint"), "quiet hint");
    const turn = doc.stock ? button(tr("turnButton"), "quiet turn") : null;
    const again = button(tr("startAgain"), "quiet start-again");
    const wildLetter = el("input", { type: "text", class: "wild-letter", maxlength: "1", autocomplete: "off",
                                     autocapitalize: "characters", id: `wild-${where.variant}`, size: "2" });
    const wild = el("form", { class: "wild", hidden: true },
      el("label", { for: wildLetter.id, text: tr("wildStands") + " " }), wildLetter, " ",
      el("button", { type: "submit", class: "button small", text: tr("useIt") }), " ",
      el("button", { type: "button", class: "button quiet small wild-cancel", text: tr("cancel") }));
    const saved = `kitgen-play:${where.variant}?${where.params}`;  // the game in progress, kept in this browser

    function table() {
      const t = cards.copy(drawn.table);
      for (const m of moves) cards.apply(t, m);
      for (const p of picked) {
        const list = p.from === "W" ? t.faceup : p.from === "*" ? t.subs : (t.extra && p.from === t.piles.length ? t.extra : t.piles[p.from]);
        const k = list.findIndex((c) => c.id === p.card.id);
        if (k >= 0) list.splice(k, 1);
      }
      return t;
    }

    const space = (t) => (t.stock ? t.piles.findIndex((p) => !p.length) : -1);  // spaces are filled where there is a stock
    // Letter Patience (docs/game-of-words.md): a space takes a vowel showing on a pile of two or more cards, or,
    // when no vowel shows, the face-up pile's top; with neither, the space waits and the cards make words.
    const VOWELS = "AEIOU";
    const vowelPiles = (t) => t.piles.map((p, k) => (p.length >= 2 && VOWELS.includes(p[p.length - 1].letter) ? k : -1)).filter((k) => k >= 0);
    const fills = (t, from) => (from === "W" ? !vowelPiles(t).length && t.faceup.length > 0 : vowelPiles(t).includes(Number(from)) && from !== "*");
    const fillDue = (t) => vowelPiles(t).length > 0 || t.faceup.length > 0;

    function draw() {
      const t = table();
      drawn.box.replaceChildren(cards.renderTable(t, null, true));
      for (const node of drawn.box.querySelectorAll(".card.free")) {
        node.setAttribute("role", "button");
        node.setAttribute("tabindex", "0");
        const from = sourceOf(t, Number(node.dataset.id));
        // the name starts with what the card shows (JOK, ДЖК), so a voice command that says it finds the card
        const shows = node.classList.contains("sub") ? `${node.textContent} (${tr("subWild")})` : node.textContent;
        node.setAttribute("aria-label", `${shows}, ${cards.sourceName(t, from)}`);
      }
      word.replaceChildren(...(picked.length ? picked.map((p) => el("span", { class: p.from === "*" ? "card sub" : "card", text: p.letter }))
                                             : [el("span", { class: "note", text: tr("clickCards") })]));
      playWord.disabled = busy || picked.length < 2;
      takeBack.disabled = busy || !picked.length;
      undo.disabled = busy || (!moves.length && !picked.length);
      again.disabled = busy || !moves.length;
      if (turn) turn.disabled = busy || !t.stock.length || picked.length > 0;
      if (space(t) >= 0 && fillDue(t) && !picked.length && !busy) say(tr("pileEmpty", { n: cards.shownPile(space(t)) }));
    }

    function say(text, kind = "") {
      message.textContent = text;
      message.className = `play-message ${kind}`;
    }

    /** The moves so far, kept in this browser (localStorage) under the deal's address: a reload goes on. */
    function keep() {
      try {
        if (moves.length) localStorage.setItem(saved, JSON.stringify(moves)); else localStorage.removeItem(saved);
      } catch (error) { /* storage full or refused: the game goes on unsaved */ }
    }

    /** The game from last time on this deal, if the server still finds it legal (one check of the whole record). */
    async function resume() {
      let steps = null;
      try { steps = JSON.parse(localStorage.getItem(saved) || "null"); } catch (error) { steps = null; }
      if (!Array.isArray(steps) || !steps.length) return;
      busy = true;
      draw();
      const { status, data } = await post(`/api/verify/solitaire?${checkParams()}`, record(steps));
      busy = false;
      const problem = (data.problems || [])[0];
      if (status === 200 || (status === 422 && problem && problem.code === LEGAL_SO_FAR)) {
        moves.push(...steps);
        draw();
        say(status === 200 ? tr("youWon") : tr("resumed", { n: steps.length }, steps.length), status === 200 ? "won" : "ok");
      } else {
        keep();
        draw();
      }
    }

    /** The deal's options as the solitaire's check and hint take them. */
    function checkParams() {
      const params = new URLSearchParams({ game: where.variant });
      for (const name of ["seed", "lang", "spec", "words"]) if (where.params.has(name)) params.set(name, where.params.get(name));
      return params;
    }

    const record = (steps) => steps.map(line).join("\n") + "\n";

    /** Ask the server about the game with ``step`` added; keep it when the rules allow it. */
    async function attempt(step) {
      busy = true;
      draw();
      const { status, data } = await post(`/api/verify/solitaire?${checkParams()}`, record([...moves, step]));
      busy = false;
      const problem = (data.problems || [])[0];
      if (status === 200 || (status === 422 && problem && problem.code === LEGAL_SO_FAR)) {
        moves.push(step);
        keep();
        picked = [];
        draw();
        if (status === 200) say(tr("youWon"), "won");
        else say(step.word ? tr("played", { word: step.word }) : step.move === "turn" ? tr("turned") : tr("filled", { n: cards.shownPile(step.space) }), "ok");
        return true;
      }
      draw();
      // A rule broken, in words a child reads (the page's refuse.CODE), else the checker's own message.
      const why = cards.refusal(problem, step.word) || (problem ? problem.message.replace(/ \(cards left: [^)]*\)$/, "")
        : data.error || tr("uncheckable"));
      say(tr("notAllowed", { why }), "bad");
      return false;
    }

    function click(event) {
      const node = event.target.closest(".card.free");
      if (!node || busy) return;
      const t = table();
      const id = Number(node.dataset.id);
      const from = sourceOf(t, id);
      if (from === null) return;
      const empty = space(t);
      if (empty >= 0 && !picked.length && fills(t, from)) { attempt({ move: "fill", space: empty, from }); return; }
      const c = [...t.piles.flat(), ...(t.extra || []), ...t.faceup, ...t.subs].find((x) => x.id === id);
      let letter = c.letter;
      if (from === "*") { askWild(c); return; }
      picked.push({ from, card: c, letter });
      say("");
      draw();
    }

    /** A Sub Card is wild: the letter it stands for is typed into the page's own small form (no pop-up). */
    function askWild(c) {
      wild.hidden = false;
      wild.dataset.card = String(c.id);
      wildLetter.value = "";
      wildLetter.focus();
    }

    function useWild(event) {
      event.preventDefault();
      const letter = wildLetter.value.trim().toUpperCase();
      if (!/^\p{L}$/u.test(letter)) { say(tr("oneLetter"), "bad"); wildLetter.focus(); return; }
      const t = table();
      const c = t.subs.find((x) => String(x.id) === wild.dataset.card);
      wild.hidden = true;
      if (!c) return;
      picked.push({ from: "*", card: c, letter });
      say("");
      draw();
    }

    /** The solver's next move from the game as it is now (POST /api/reply/solitaire with the moves so far), from
        the deal's solution before the first move: wherever the player went, not only along the solver's line. */
    async function giveHint() {
      say(tr("asking"), "thinking");
      hint.disabled = true;
      const { status, data } = moves.length
        ? await post(`/api/reply/solitaire?${checkParams()}`, record(moves))
        : await call(`/api/deal/${where.variant}?${new URLSearchParams([...where.params, ["solve", "1"]])}`);
      hint.disabled = false;
      if (status !== 200) { say(status === 503 ? tr("solverBusy") : data.error || tr("noHint"), "bad"); return; }
      const found = moves.length ? data.step : (data.solution || [])[0];
      const step = found && found.move === "turn" ? { move: "turn" } : found;  // the stock's next card stays unseen
      const here = cards.copy(drawn.table);
      for (const m of moves) cards.apply(here, m);
      if (data.winnable === false) say(moves.length ? tr("lostHere") : tr("lostDeal"), "bad");
      else if (data.winnable === null || data.winnable === undefined) say(tr("solverSlow"));
      else say(step ? tr("hintIs", { what: cards.stepText(step, here) }) : tr("noMoves"), "hint");
    }

    drawn.box.addEventListener("click", click);
    drawn.box.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); click(event); } });
    playWord.addEventListener("click", () => {
      attempt({ move: "word", word: picked.map((p) => p.letter).join(""), from: picked.map((p) => p.from) });
    });
    takeBack.addEventListener("click", () => { picked.pop(); say(""); draw(); });
    undo.addEventListener("click", () => { if (picked.length) picked = []; else { moves.pop(); keep(); } say(""); draw(); });
    again.addEventListener("click", () => { picked = []; moves.length = 0; keep(); say(""); draw(); });
    wild.addEventListener("submit", useWild);
    wild.querySelector(".wild-cancel").addEventListener("click", () => { wild.hidden = true; });
    hint.addEventListener("click", giveHint);
    if (turn) turn.addEventListener("click", () => attempt({ move: "turn" }));
    draw();
    resume();
    return el("div", { class: "play panel" }, el("h3", { text: tr("playDeal") }),
      el("p", { class: "note", text: tr("howToPlay") }),
      el("div", { class: "part" }, el("h3", { text: tr("yourWord") }), word), wild,
      el("p", {}, playWord, takeBack, undo, hint, turn, again), message);
  }

  cards.player = player;
})();
