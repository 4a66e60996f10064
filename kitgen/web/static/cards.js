/* Drawing any deal's JSON (the CLI's `kitgen deal ... --json`) as cards, piles and words; stepping through a
   solution with the cards moving; playing a deal by clicking cards. Nothing here knows a game by name: letters
   become cards, lists of letters rows of cards, lists of those piles, lists of words word lists. A deal with
   "piles" is a table: its piles (top card last; an "extra" card counts as the pile after the last), a "stock"
   turned onto a face-up pile, Sub Cards ("*", wild) set aside; a step takes cards "from" a pile number, "W" (the
   face-up pile) or "*" (a Sub Card), "fill"s a space from a pile, or "turn"s the stock's next card. The JSON indexes
   piles from 0 (for programs); a person reads and types them counted from 1, as the record and the deal sheet do
   (pile 1 is the JSON's pile 0), the extra card, the face-up pile and the Sub Cards named in words. */
"use strict";

window.kitgenCards = (() => {
  const { el } = window.kitgen;
  const tr = window.kitgen.text;  // the page's words (data-texts: _cards.html)
  const META = new Set(["game", "seed", "deck", "solution", "winnable", "won", "error", "cards_left", "lines"]);
  const TABLE = new Set(["piles", "extra", "stock", "aside"]);
  const TITLES = new Set(["piles", "extra", "aside", "stock", "blind", "row", "turned", "hand", "hands", "stack",
                          "pack", "holding", "cuts", "words", "par", "grid"]);

  const isCard = (v) => typeof v === "string" && (v.length === 1 || v === "*");
  const isGrid = (v) => Array.isArray(v) && v.length > 1 && v.every((r) => typeof r === "string" && r.length === v[0].length && r.length > 1 && /^[A-Za-z]+$/.test(r));
  const isPiles = (v) => Array.isArray(v) && v.length > 0 && v.every((p) => Array.isArray(p) && p.every(isCard));
  const title = (key) => (TITLES.has(key) ? tr(`title.${key}`) : key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, " "));

  function card(v) {
    return v === "*" ? el("span", { class: "card sub", title: tr("subWild"), text: tr("sub") }) : el("span", { class: "card", text: v });
  }

  function part(key, value) {
    const box = el("div", { class: `part part-${key}` }, el("h3", { text: title(key) }));
    if (isCard(value)) {
      box.append(el("div", { class: "cards" }, card(value)));
    } else if (Array.isArray(value) && value.every(isCard)) {
      box.append(el("div", { class: "cards" }, ...value.map(card)));
    } else if (isPiles(value)) {
      box.append(el("div", { class: "hands" }, ...value.map((pile, k) => el("div", { class: "cards" }, el("span", { class: "number", text: `${k + 1}:` }), ...pile.map(card)))));
    } else if (isGrid(value)) {
      box.append(el("table", { class: "plain letters" }, ...value.map((row) => el("tr", {}, ...[...row].map((ch) => el("td", { text: ch }))))));
    } else if (Array.isArray(value) && value.every((w) => typeof w === "string")) {
      box.append(el("ol", { class: "words" }, ...value.map((w) => el("li", { text: w }))));
    } else if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) box.append(part(k, v));
    } else if (Array.isArray(value)) {
      box.append(window.kitgen.table(value.map((v) => (typeof v === "object" ? v : { value: v }))));
    } else {
      box.append(el("p", { text: String(value) }));
    }
    return box;
  }

  function meta(doc) {
    const bits = [];
    const deck = tr(`deck.${doc.deck}`);
    if (doc.deck) bits.push(deck === `deck.${doc.deck}` ? tr("deck", { name: doc.deck }) : deck);
    if (doc.winnable === true) bits.push(tr("winnableYes"));
    if (doc.winnable === false) bits.push(tr("winnableNo"));
    if (doc.winnable === null && "winnable" in doc) bits.push(tr("winnableUnknown"));
    return bits.join(" · ");
  }

  // -- the table: piles, extra card, stock, face-up pile, Sub Cards ---------------------------------------------

  /** A deal's table, each card an object {id, letter} so a moved card is the same card. */
  function tableOf(doc) {
    let id = 0;
    const c = (letter) => ({ id: id++, letter });
    return {
      piles: doc.piles.map((pile) => pile.map(c)),
      extra: isCard(doc.extra) ? [c(doc.extra)] : null,
      stock: Array.isArray(doc.stock) ? doc.stock.map(c) : null,
      faceup: [],
      subs: (Array.isArray(doc.aside) ? doc.aside : []).filter((x) => x === "*").map(c),
      // Sub Cards set aside play as wild cards in a deal with a stock (Letter Patience); without one they stay out.
      wild: Array.isArray(doc.stock),
      words: [],
    };
  }

  function copy(t) {
    return { piles: t.piles.map((p) => [...p]), extra: t.extra && [...t.extra], stock: t.stock && [...t.stock],
             faceup: [...t.faceup], subs: [...t.subs], wild: t.wild, words: [...t.words] };
  }

  /** The list a source takes from: a pile's number (the extra card is the number after the last pile), "W" the
      face-up pile, "*" the Sub Cards. */
  function listOf(t, from) {
    if (from === "W") return t.faceup;
    if (from === "*") return t.subs;
    const k = Number(from);
    if (t.extra && k === t.piles.length) return t.extra;
    return t.piles[k] || null;
  }

  /** A pile's number as a person counts it (from 1) for its index in the JSON (from 0). */
  const shownPile = (k) => Number(k) + 1;

  /** A source in words, one numbering everywhere a person reads (the piles' numbers as drawn, from 1). */
  function sourceName(t, from) {
    if (from === "W") return tr("faceUp");
    if (from === "*") return tr("aSub");
    if (t && t.extra && Number(from) === t.piles.length) return tr("theExtra");
    return tr("pile", { n: shownPile(from) });
  }

  /** Play one step on the table (changing it); the cards it moved, or null when it cannot be played. */
  function apply(t, step) {
    if (!step || typeof step !== "object") return null;
    if (step.move === "turn") {
      if (!t.stock || !t.stock.length) return null;
      const turned = t.stock.shift();
      t.faceup.push(turned);
      return [turned];
    }
    if (step.move === "fill") {
      const from = listOf(t, step.from === undefined ? "W" : step.from);
      const space = t.piles[Number(step.space)];
      if (!from || !from.length || !space) return null;
      const moved = from.pop();
      space.push(moved);
      return [moved];
    }
    if (!step.word || !Array.isArray(step.from)) return null;
    const taken = [];
    for (const from of step.from) {
      const list = listOf(t, from);
      if (!list || !list.length) return null;
      taken.push(list.pop());
    }
    t.words.push({ word: step.word, cards: taken });
    return taken;
  }

  /** A step in words, on the table before it. */
  function stepText(step, t) {
    if (typeof step !== "object" || step === null) return String(step);
    if (step.move === "turn") return step.card ? tr("turnCard", { card: step.card }) : tr("turn");
    if (step.move === "fill") {
      const from = step.from === undefined ? "W" : step.from;
      const list = t && listOf(t, from);
      const letter = list && list.length ? list[list.length - 1].letter : "";
      return tr(letter ? "fillLetter" : "fill", { n: shownPile(step.space), letter, from: sourceName(t, from) });
    }
    if (step.word && Array.isArray(step.from)) {
      const letters = [...step.word];
      if (letters.length !== step.from.length) return tr("wordFrom", { word: step.word, from: step.from.map((f) => sourceName(t, f)).join(", ") });
      return `${step.word}: ${letters.map((ch, k) => tr("letterFrom", { letter: ch, from: sourceName(t, step.from[k]) })).join(", ")}`;
    }
    if (step.word) return step.word;
    return Object.entries(step).map(([k, v]) => `${k} ${v}`).join(", ");
  }

  function cardNode(c, marks, free) {
    const node = c.letter === "*" ? el("span", { class: "card sub", title: tr("subWild"), text: tr("sub") }) : el("span", { class: "card", text: c.letter });
    node.dataset.id = c.id;
    if (marks && marks.has(c.id)) node.classList.add("next");
    if (free) node.classList.add("free");
    return node;
  }

  /** The table drawn: piles with their numbers, the extra card, the stock and face-up pile, the Sub Cards, the
      words made. ``marks``: ids of cards to outline (the next step's); ``free``: draw free cards as buttons. */
  function renderTable(t, marks, free) {
    const freeIds = free ? freeCards(t) : new Set();
    // Letter Patience in play: a pile's cards lie face down but its top one (the rules); the solution, worked out
    // with every card known, shows them all.
    const down = free && t.wild;
    const shown = (c, k, cards) => (down && k < cards.length - 1
      ? el("span", { class: "card back down", role: "img", "aria-label": tr("faceDown"), "data-id": c.id })
      : cardNode(c, marks, freeIds.has(c.id)));
    const pile = (cards, k, label) => el("div", { class: cards.length ? "pile" : "pile space", "data-pile": k },
      el("span", { class: "number", text: label }), ...cards.map((c, i) => shown(c, i, cards)),
      cards.length ? null : el("span", { class: "card empty", text: tr("space") }));
    const parts = [el("div", { class: "part part-piles" }, el("h3", { text: title("piles") }),
      el("div", { class: "piles" }, ...t.piles.map((cards, k) => pile(cards, k, String(shownPile(k))))))];
    if (t.extra) parts.push(el("div", { class: "part part-extra" }, el("h3", { text: title("extra") }),
      el("div", { class: "cards" }, ...(t.extra.length ? t.extra.map((c) => cardNode(c, marks, freeIds.has(c.id))) : [el("span", { class: "note", text: tr("extraPlayed") })]))));
    if (t.stock) {
      const top = t.faceup[t.faceup.length - 1];
      parts.push(el("div", { class: "part part-stock" }, el("h3", { text: tr("stockFaceUp") }),
        el("div", { class: "cards" },
          t.stock.length ? el("span", { class: `card back${marks && marks.has(t.stock[0].id) ? " next" : ""}`, title: tr("stockDown"), "aria-label": tr("stockCards", { n: t.stock.length }, t.stock.length) }, String(t.stock.length)) : el("span", { class: "note", text: tr("stockUsed") }),
          top ? cardNode(top, marks, freeIds.has(top.id)) : el("span", { class: "card empty", text: tr("faceUpEmpty") }))));
    }
    if (t.subs.length || t.wild) parts.push(el("div", { class: "part part-aside" }, el("h3", { text: t.wild ? tr("subsWild") : tr("subsAside") }),
      el("div", { class: "cards" }, ...(t.subs.length ? t.subs.map((c) => cardNode(c, marks, freeIds.has(c.id))) : [el("span", { class: "note", text: tr("noneLeft") })]))));
    if (t.words.length) parts.push(el("div", { class: "part part-made" }, el("h3", { text: tr("wordsMade") }),
      el("ol", { class: "words" }, ...t.words.map((w) => el("li", { text: w.word })))));
    return el("div", { class: "table" }, ...parts);
  }

  /** The cards a player may take now: every pile's top card (or, with no stock, any card: see below), the extra
      card, the face-up pile's top, the Sub Cards when they are wild. */
  function freeCards(t) {
    const ids = new Set();
    // Without a stock (Word Solitaire) a word may take a run of cards from the top of one pile, its letters in any
    // order: every card of a pile may be clicked, and the server checks the run.
    for (const p of t.piles) for (const c of t.wild ? p.slice(-1) : p) ids.add(c.id);
    if (t.extra && t.extra.length) ids.add(t.extra[0].id);
    if (t.faceup.length) ids.add(t.faceup[t.faceup.length - 1].id);
    if (t.wild) for (const s of t.subs) ids.add(s.id);
    return ids;
  }

  /** {node, table, box}: the deal drawn; ``box`` holds the table, redrawn as a solution is stepped or played. */
  function draw(doc) {
    const drawn = { table: null, box: null };
    const node = el("div", { class: "deal" }, el("p", { class: "deal-meta", text: meta(doc) }));
    if (isPiles(doc.piles)) {
      drawn.table = tableOf(doc);
      drawn.box = el("div", { class: "table-box" }, renderTable(drawn.table));
      node.append(drawn.box);
    }
    for (const [key, value] of Object.entries(doc)) {
      if (META.has(key) || value === null || value === undefined || (drawn.table && TABLE.has(key))) continue;
      if (key === "words" && Array.isArray(doc.lines) && doc.lines.length === value.length) {
        node.append(el("div", { class: "part" }, el("h3", { text: title(key) }),
          el("ol", { class: "words" }, ...value.map((w, k) => el("li", {}, `${w} `, el("small", { text: tr("line", { n: doc.lines[k] }) }))))));
        continue;
      }
      node.append(part(key, value));
    }
    drawn.node = node;
    return drawn;
  }

  /** A solution's steps with Back / Next buttons; the cards move on the table as the steps are played. */
  function stepper(steps, drawn) {
    const start = drawn.table;
    const tables = [start ? copy(start) : null];
    const texts = [];
    for (const s of steps) {
      const before = tables[tables.length - 1];
      texts.push(stepText(s, before));
      const after = before && copy(before);
      if (after && !apply(after, s)) tables.push(null);
      else tables.push(after);
    }
    const list = el("ol", { class: "steps" }, ...texts.map((text) => el("li", { text })));
    const back = el("button", { type: "button", class: "button quiet back", text: tr("back") });
    const next = el("button", { type: "button", class: "button next-step", text: tr("nextStep") });
    const all = el("button", { type: "button", class: "button quiet all", text: tr("showAll") });
    const where = el("span", { class: "where", role: "status" });
    let at = 0;
    function show() {
      [...list.children].forEach((li, k) => { li.className = k < at ? "done" : k === at ? "now" : ""; });
      where.textContent = at >= steps.length ? tr("allSteps", { n: steps.length }, steps.length) : tr("step", { n: at + 1, total: steps.length, what: texts[at] });
      back.disabled = at === 0;
      next.disabled = at >= steps.length;
      const t = tables[at];
      if (t && drawn.box) {
        const marks = new Set();
        const probe = copy(t);
        if (at < steps.length) for (const c of apply(probe, steps[at]) || []) marks.add(c.id);
        drawn.box.replaceChildren(renderTable(t, marks));
      }
    }
    back.addEventListener("click", () => { at = Math.max(0, at - 1); show(); });
    next.addEventListener("click", () => { at = Math.min(steps.length, at + 1); show(); });
    all.addEventListener("click", () => { at = steps.length; show(); });
    show();
    return el("div", { class: "solution" }, el("h3", { text: tr("solution") }), el("p", {}, back, next, all), el("p", {}, where), list);
  }

  /** A rule the checker says is broken, in the page's words a child reads (refuse.CODE, the rule quoted), about
      ``word`` (``letter``: the letter typed where the problem is; ``more``: other values its words name, a finished
      crossword's ``letters`` left out); a Crossword Solitaire's own words first
      (refuse.crossword-solitaire.CODE, ``game`` the one played); null where the page has none for the problem's
      code (the checker's own message stands). */
  function refusal(problem, word, game = "", letter = "", more = {}) {
    if (!problem || !problem.code) return null;
    const values = { word: word || "", letter: letter || "", ...more };
    if (game.startsWith("crossword-solitaire")) {
      const own = tr(`refuse.crossword-solitaire.${problem.code}`, values);
      if (!own.startsWith("refuse.")) return own;
    }
    const plain = tr(`refuse.${problem.code}`, values);
    return plain.startsWith("refuse.") ? null : plain;
  }

  return { draw, stepper, stepText, tableOf, copy, apply, renderTable, sourceName, freeCards, shownPile, refusal };
})();
