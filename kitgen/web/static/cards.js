/* Drawing any deal's JSON (the CLI's `kitgen deal ... --json`) as cards, piles and words, and stepping
   through a solution. Nothing here knows a game: letters become cards, lists of letters rows of cards,
   lists of those piles, lists of words word lists, a solution's steps a list to step through. */
"use strict";

window.kitgenCards = (() => {
  const { el } = window.kitgen;
  const META = new Set(["game", "seed", "deck", "solution", "winnable", "won", "error", "cards_left", "lines"]);
  const TITLES = {
    piles: "Piles (top card last)", extra: "Extra card", aside: "Set aside", stock: "Stock, turned in this order",
    blind: "Blind pile", row: "Row", turned: "Turned card", hand: "Hand", hands: "Hands", stack: "Stack",
    pack: "Pack", holding: "Holding", cuts: "Cuts", words: "The words, one a turn", par: "Par", grid: "Sheet",
  };

  const isCard = (v) => typeof v === "string" && (v.length === 1 || v === "*");
  const isGrid = (v) => Array.isArray(v) && v.length > 1 && v.every((r) => typeof r === "string" && r.length === v[0].length && r.length > 1 && /^[A-Za-z]+$/.test(r));
  const title = (key) => TITLES[key] || key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, " ");

  function card(v) {
    return v === "*" ? el("span", { class: "card sub", title: "Sub Card (wild)", text: "SUB" }) : el("span", { class: "card", text: v });
  }

  function part(key, value, drawn) {
    const box = el("div", { class: `part part-${key}` }, el("h3", { text: title(key) }));
    if (isCard(value)) {
      const one = card(value);
      if (key === "extra") drawn.extra = one;
      box.append(el("div", { class: "cards" }, one));
    } else if (Array.isArray(value) && value.every(isCard)) {
      box.append(el("div", { class: "cards" }, ...value.map(card)));
    } else if (Array.isArray(value) && value.length && value.every((p) => Array.isArray(p) && p.every(isCard))) {
      const piles = el("div", { class: key === "piles" ? "piles" : "hands" });
      value.forEach((pile, k) => {
        const cards = pile.map(card);
        if (key === "piles") drawn.piles.push(cards);
        piles.append(key === "piles"
          ? el("div", { class: "pile" }, el("span", { class: "number", text: k }), ...cards)
          : el("div", { class: "cards" }, el("span", { class: "number", text: `${k + 1}:` }), ...cards));
      });
      box.append(piles);
    } else if (isGrid(value)) {
      box.append(el("table", { class: "plain letters" }, ...value.map((row) => el("tr", {}, ...[...row].map((ch) => el("td", { text: ch }))))));
    } else if (Array.isArray(value) && value.every((w) => typeof w === "string")) {
      box.append(el("ol", { class: "words" }, ...value.map((w) => el("li", { text: w }))));
    } else if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) box.append(part(k, v, drawn));
    } else if (Array.isArray(value)) {
      box.append(window.kitgen.table(value.map((v) => (typeof v === "object" ? v : { value: v }))));
    } else {
      box.append(el("p", { text: String(value) }));
    }
    return box;
  }

  function meta(doc) {
    const bits = [];
    if (doc.deck) bits.push(`${doc.deck} deck`);
    if (doc.winnable === true) bits.push("winnable: yes");
    if (doc.winnable === false) bits.push("winnable: no");
    if (doc.winnable === null && "winnable" in doc) bits.push("winnable: undecided (the search gave up)");
    return bits.join(" · ");
  }

  /** {node, piles, extra}: the deal drawn; piles[k] the card elements of pile k, top card last. */
  function draw(doc) {
    const drawn = { piles: [], extra: null };
    const node = el("div", { class: "deal" }, el("p", { class: "deal-meta", text: meta(doc) }));
    for (const [key, value] of Object.entries(doc)) {
      if (META.has(key) || value === null || value === undefined) continue;
      if (key === "words" && Array.isArray(doc.lines) && doc.lines.length === value.length) {
        node.append(el("div", { class: "part" }, el("h3", { text: title(key) }),
          el("ol", { class: "words" }, ...value.map((w, k) => el("li", {}, `${w} `, el("small", { text: `line ${doc.lines[k]}` }))))));
        continue;
      }
      node.append(part(key, value, drawn));
    }
    drawn.node = node;
    return drawn;
  }

  /** Where a card came from, as the drawing labels it: a pile's number, or the extra card after the piles. */
  function source(from, piles) {
    return piles && Number(from) === piles ? "the extra card" : `pile ${from}`;
  }

  /** A played word as the CLI writes it: each letter and the pile it came from (JOWL: J from pile 10, ...). */
  function wordText(step, piles) {
    if (!Array.isArray(step.from)) return step.word;
    const letters = [...step.word];
    if (letters.length !== step.from.length) return `${step.word}: from ${step.from.map((f) => source(f, piles)).join(", ")}`;
    return `${step.word}: ${letters.map((ch, k) => `${ch} from ${source(step.from[k], piles)}`).join(", ")}`;
  }

  function stepText(step, piles) {
    if (typeof step !== "object" || step === null) return String(step);
    if (step.word) return wordText(step, piles);
    if (step.move === "fill") return `fill pile ${Number(step.space) + 1} from ${step.from === "W" ? "the face-up pile" : `pile ${Number(step.from) + 1}`}`;
    if (step.move === "turn") return `turn over ${step.card || "a card"}`;
    return Object.entries(step).map(([k, v]) => `${k} ${v}`).join(", ");
  }

  /** Whether every step only takes cards off piles (so the drawing can follow it). */
  function followable(steps, drawn) {
    return drawn.piles.length && steps.every((s) => s && Array.isArray(s.from) && s.from.every((f) => Number.isInteger(Number(f)) && Number(f) <= drawn.piles.length));
  }

  /** A solution's steps with Back / Next buttons; the drawing follows where it can. */
  function stepper(steps, drawn) {
    const list = el("ol", { class: "steps" }, ...steps.map((s) => el("li", { text: stepText(s, drawn.piles.length) })));
    const back = el("button", { type: "button", class: "button quiet back", text: "Back" });
    const next = el("button", { type: "button", class: "button next-step", text: "Next step" });
    const all = el("button", { type: "button", class: "button quiet all", text: "Show all" });
    const where = el("span", { class: "where" });
    const follow = followable(steps, drawn);
    let at = 0;
    function show() {
      [...list.children].forEach((li, k) => { li.className = k < at ? "done" : k === at ? "now" : ""; });
      where.textContent = at >= steps.length ? `All ${steps.length} steps played` : `Step ${at + 1} of ${steps.length}`;
      back.disabled = at === 0;
      next.disabled = at >= steps.length;
      if (follow) play(steps, drawn, at);
    }
    back.addEventListener("click", () => { at = Math.max(0, at - 1); show(); });
    next.addEventListener("click", () => { at = Math.min(steps.length, at + 1); show(); });
    all.addEventListener("click", () => { at = steps.length; show(); });
    show();
    return el("div", { class: "solution" }, el("h3", { text: "Solution" }), el("p", {}, back, next, all, " ", where), list);
  }

  /** Cards of steps before ``at`` gone; the cards of step ``at`` marked as next. */
  function play(steps, drawn, at) {
    const cards = [...drawn.piles.map((p) => [...p]), drawn.extra ? [drawn.extra] : []];
    for (const c of cards.flat()) c.classList.remove("gone", "next");
    steps.slice(0, at + 1).forEach((step, k) => {
      for (const from of step.from) {
        const pile = cards[Number(from)];
        const top = pile && pile.pop();
        if (top) top.classList.add(k < at ? "gone" : "next");
      }
    });
  }

  return { draw, stepper, stepText };
})();
