/* The deal page: choose a game and a deal number, see the deal drawn, solve it and step through. */
"use strict";

(() => {
  const { call, query, showError, el } = window.kitgen;
  const { draw, stepper } = window.kitgenCards;
  const form = document.querySelector("form.deal-form");
  const select = form.querySelector("select.variant");
  const seed = form.querySelector("input[name=seed]");
  const view = document.querySelector(".deal-view");
  const error = form.querySelector(".error");
  let asked = 0;

  function variant() { return select.value; }

  function showVariant() {
    for (const box of form.querySelectorAll("[data-variant]")) {
      const on = box.dataset.variant === variant();
      box.hidden = !on;
      if (box.tagName === "FIELDSET") box.disabled = !on;
    }
    form.action = `/api/deal/${variant()}`;
    history.replaceState(null, "", `/deal/${variant()}`);
  }

  async function deal(action) {
    const mine = ++asked;
    const params = query(form);
    params.delete("variant");
    if (action) params.set(action, "1");
    if (action === "winnable") params.set("solve", "1");
    if (action === "winnable" && !form.querySelector(`[data-variant="${variant()}"] [data-action=solve]`)) params.delete("solve");
    view.replaceChildren(el("p", { class: "note", text: action ? "Working it out…" : "Dealing…" }));
    const { status, data } = await call(`/api/deal/${variant()}?${params}`);
    if (mine !== asked) return;
    if (status !== 200) {
      showError(error, data.error || `the server answered ${status}`);
      view.replaceChildren();
      return;
    }
    showError(error, "");
    if (typeof data.seed === "number") seed.value = String(data.seed);
    const drawn = draw(data);
    view.replaceChildren(el("h2", { text: `${select.selectedOptions[0].textContent}, deal ${data.seed ?? seed.value}` }), drawn.node);
    if (Array.isArray(data.solution) && data.solution.length) view.append(stepper(data.solution, drawn));
    else if (data.winnable === false) view.append(el("p", { class: "verdict bad", text: "This deal cannot be won." }));
  }

  select.addEventListener("change", () => { showVariant(); deal(); });
  form.addEventListener("submit", (event) => { event.preventDefault(); deal(); });
  form.querySelector(".stepper .down").addEventListener("click", () => { seed.value = String(Math.max(0, Number(seed.value || 1) - 1)); deal(); });
  form.querySelector(".stepper .up").addEventListener("click", () => { seed.value = String(Number(seed.value || 0) + 1); deal(); });
  for (const button of form.querySelectorAll("button.action")) {
    button.addEventListener("click", () => {
      if (button.dataset.action === "winnable") seed.value = String(Number(seed.value || 0) + 1);
      deal(button.dataset.action);
    });
  }
  showVariant();
  deal();
})();
