/* A class session's students' page: the sheet (check-wordsearch.js) sent with a name to the teacher. */
"use strict";

(() => {
  const box = document.querySelector(".send-box");
  const button = box.querySelector("button.send");
  const status = box.querySelector(".send-status");
  const name = box.querySelector("input.player");
  const { text } = window.kitgen;

  button.addEventListener("click", async () => {
    if (!name.value.trim()) { status.textContent = text("noName"); name.focus(); return; }
    button.disabled = true;
    status.textContent = text("sending");
    const tutorial = document.querySelector("input[name=tutorial]");
    const short = document.querySelector("input[name=min_length]");
    const typed = window.kitgen.wordsearchSheet ? window.kitgen.wordsearchSheet()
      : document.querySelector("textarea.record").value;
    const body = new URLSearchParams({ name: name.value, sheet: typed,
                                       tutorial: tutorial && tutorial.checked ? "1" : "0",
                                       min_length: short && short.checked ? "2" : "3" });
    const { status: code, data } = await window.kitgen.call(`/s/${box.dataset.session}`, {
      method: "POST", body, headers: { "X-Kitgen-Send": "1" } });
    if (code === 200 && data.url) { window.location.assign(data.url); return; }
    status.textContent = data.error || text("failed");
    button.disabled = false;
  });
})();
