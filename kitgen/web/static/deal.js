/* The deal page: choose a game and a deal number, see the deal drawn, solve it and step through, or play it.
   The page's state is its address (/deal/VARIANT?seed=N&lang=..): a link or a bookmark reopens the same deal,
   and Back / Forward go through the deals seen. */
"use strict";

(() => {
  const { call, query, showError, el } = window.kitgen;
  const tr = window.kitgen.text;
  const { draw, stepper, player } = window.kitgenCards;
  const form = document.querySelector("form.deal-form");
  const select = form.querySelector("select.variant");
  const seed = form.querySelector("input[name=seed]");
  const view = document.querySelector(".deal-view");
  const status = document.querySelector(".deal-status");
  const error = form.querySelector(".error");
  let asked = 0;
  let shown = null;  // the deal on screen: {variant, seed, data}

  function variant() { return select.value; }

  function showVariant() {
    for (const box of form.querySelectorAll("[data-variant]")) {
      const on = box.dataset.variant === variant();
      box.hidden = !on;
      if (box.tagName === "FIELDSET") box.disabled = !on;
    }
    form.action = `/api/deal/${variant()}`;
  }

  /** The deal's options as the address and the API take them (the deal number first, defaults left out). */
  function state() {
    const params = query(form);
    params.delete("variant");
    for (const field of form.querySelectorAll("fieldset:not([disabled]) input[type=checkbox]")) {
      if (!field.checked && field.dataset.default !== "1") params.delete(field.name);
    }
    return params;
  }

  /** The address of what is shown; a new deal is a new entry in the browser's history. */
  function remember(push) {
    const url = `/deal/${variant()}?${state()}`;
    if (url === location.pathname + location.search) return;
    if (push) history.pushState(null, "", url); else history.replaceState(null, "", url);
  }

  /** The form as the address says (on load, and on Back / Forward). */
  function fromAddress() {
    const match = /^\/deal\/([^/]+)$/.exec(location.pathname);
    if (match && [...select.options].some((o) => o.value === match[1])) select.value = match[1];
    showVariant();
    const params = new URLSearchParams(location.search);
    seed.value = params.get("seed") || "1";
    for (const field of form.querySelectorAll(`fieldset[data-variant="${variant()}"] [name]`)) {
      if (!params.has(field.name)) continue;
      if (field.type === "checkbox") field.checked = params.get(field.name) === "1";
      else field.value = params.get(field.name);
    }
  }

  function say(text, kind = "note") {
    status.textContent = text;
    status.className = `deal-status ${kind}`;
    status.hidden = !text;
  }

  /** What a person is told when the server could not do it: the deal on screen stays. */
  function trouble(code, data, action) {
    if (code === 503 && action) return action === "winnable" ? tr("slowAgain") : tr("slowSolve");
    if (code === 503) return tr("busy");
    if (code === 0) return data.error;
    return data.error || tr("wrong");
  }

  const stop = document.querySelector("button.stop-task");
  let task = null;  // the long work running (a solve, the next winnable deal, a par search): its id

  /** How far a task is, in words. */
  function progressText(t) {
    if (t.state === "queued") return t.ahead ? tr("ahead", { n: t.ahead }, t.ahead) : tr("next");
    // the share done as the page's language writes a percentage (50 %, %50, 50%)
    const percent = new Intl.NumberFormat(document.documentElement.lang || "en", { style: "percent" });
    if (t.total) return tr("done", { percent: percent.format(Math.min(99, Math.round((100 * t.done) / t.total)) / 100) });
    return tr("working");
  }

  /** Long work as a task the page polls (POST /api/tasks/deal/..., GET /api/tasks/ID): its progress shown, a Stop
      button, the answer the plain endpoint would give; a status of -1 when it was stopped. */
  async function runTask(params, mine) {
    stop.hidden = false;
    try {
      return await window.kitgen.runTask(`/api/tasks/deal/${variant()}?${params}`, (t) => {
        task = t.task;
        say(progressText(t), "thinking");
      }, () => mine === asked);
    } finally {
      stop.hidden = true;
    }
  }

  function cancelTask() {
    if (!task) return;
    call(`/api/tasks/${task}`, { method: "DELETE" });
    task = null;
  }

  async function deal(action, push = true) {
    cancelTask();
    const mine = ++asked;
    const params = state();
    if (action) params.set(action, "1");
    if (action === "winnable" && form.querySelector(`[data-variant="${variant()}"] [data-action=solve]`)) params.set("solve", "1");
    const same = shown && shown.key === `${variant()}?${state()}`;
    if (!same) view.replaceChildren(el("p", { class: "note", text: tr("dealing") }));
    say(action ? tr("working") : "", "thinking");
    for (const b of form.querySelectorAll("button.action")) b.disabled = true;
    const { status: code, data } = action ? await runTask(params, mine) : await call(`/api/deal/${variant()}?${params}`);
    if (mine !== asked) return;
    task = null;
    for (const b of form.querySelectorAll("button.action")) b.disabled = false;
    if (code === -1) { say(tr("stopped"), "note"); return; }
    if (code !== 200) {
      say("");
      showError(error, trouble(code, data, action));
      if (!same && !shown) view.replaceChildren();
      return;
    }
    showError(error, "");
    say("");
    if (typeof data.seed === "number") seed.value = String(data.seed);
    remember(push);
    shown = { key: `${variant()}?${state()}`, data };
    const drawn = draw(data);
    const title = tr("title", { game: select.selectedOptions[0].textContent, n: data.seed ?? seed.value });
    view.replaceChildren(el("h2", { text: title }), drawn.node);
    if (Array.isArray(data.solution) && data.solution.length) view.append(stepper(data.solution, drawn));
    else if (data.winnable === false) view.append(el("p", { class: "verdict bad", text: tr("cannotWin") }));
    else if (player && drawn.table) view.append(player(data, drawn, { variant: variant(), params: state() }));
  }

  select.addEventListener("change", () => { showVariant(); deal(); });
  form.addEventListener("change", (event) => {
    if (event.target === select || event.target === seed) return;
    if (event.target.closest("fieldset.variant-options")) deal();  // a language or a deck: a new deal
  });
  form.addEventListener("submit", (event) => { event.preventDefault(); deal(); });
  form.querySelector(".stepper .down").addEventListener("click", () => { seed.value = String(Math.max(0, Number(seed.value || 1) - 1)); deal(); });
  form.querySelector(".stepper .up").addEventListener("click", () => { seed.value = String(Number(seed.value || 0) + 1); deal(); });
  for (const button of form.querySelectorAll("button.action")) {
    button.addEventListener("click", () => {
      if (button.dataset.action === "winnable") seed.value = String(Number(seed.value || 0) + 1);
      deal(button.dataset.action);
    });
  }
  stop.addEventListener("click", () => { cancelTask(); asked++; stop.hidden = true; for (const b of form.querySelectorAll("button.action")) b.disabled = false; say(tr("stopped"), "note"); });
  window.addEventListener("popstate", () => { fromAddress(); deal(null, false); });
  fromAddress();
  deal(null, false);
})();
