/* The print page: each printable's form drives its live preview and its download link. */
"use strict";

(() => {
  const { debounce, query, showError } = window.kitgen;

  function tabs() {
    const buttons = [...document.querySelectorAll(".tabs button[data-show]")];
    for (const button of buttons) {
      button.addEventListener("click", () => {
        for (const other of buttons) {
          const shown = other === button;
          other.setAttribute("aria-selected", String(shown));
          const section = document.getElementById(other.dataset.show);
          section.hidden = !shown;
          if (shown) section.dispatchEvent(new Event("shown"));
        }
      });
    }
  }

  function previewWidth(img) {
    const room = img.parentElement.clientWidth || 600;
    return Math.max(300, Math.min(1200, Math.round(room * (window.devicePixelRatio || 1))));
  }

  function wire(section) {
    const form = section.querySelector("form");
    const img = section.querySelector(".preview img");
    const label = section.querySelector(".preview .page");
    const prev = section.querySelector(".preview .prev");
    const next = section.querySelector(".preview .next");
    const error = section.querySelector(".error");
    const state = { page: 1, pages: 1, asked: 0, loaded: false, url: "" };

    function setPage(page) {
      state.page = page;
      label.textContent = `Page ${state.page} of ${state.pages}`;
      prev.disabled = state.page <= 1;
      next.disabled = state.page >= state.pages;
    }

    async function refresh() {
      const asked = ++state.asked;
      const params = query(form);
      form.action = section.dataset.pdf;
      params.set("width", String(previewWidth(img)));
      section.classList.add("loading");
      let response;
      try {
        response = await fetch(`${section.dataset.preview}/${state.page}.png?${params}`);
      } catch (failure) {
        response = null;
      }
      if (asked !== state.asked) return;
      section.classList.remove("loading");
      if (!response || !response.ok) {
        const answer = response ? await response.json().catch(() => ({})) : {};
        if (response && response.status === 404 && state.page > 1) { setPage(1); refresh(); return; }
        showError(error, answer.error || "kitgen is not answering: is `kitgen serve` still running?");
        return;
      }
      showError(error, "");
      state.pages = Number(response.headers.get("X-Pages") || "1");
      const blob = await response.blob();
      if (state.url) URL.revokeObjectURL(state.url);
      state.url = URL.createObjectURL(blob);
      img.src = state.url;
      img.alt = `Preview of page ${state.page}`;
      img.hidden = false;
      state.loaded = true;
      setPage(state.page);
      section.dataset.previewed = params.toString();
    }

    const later = debounce(() => { setPage(1); refresh(); }, 300);
    form.addEventListener("input", later);
    form.addEventListener("change", later);
    form.addEventListener("submit", (event) => {
      // Download what the form says (the browser's own GET of the PDF); "width" is the preview's only.
      event.preventDefault();
      window.location.href = `${section.dataset.pdf}?${query(form)}`;
    });
    prev.addEventListener("click", () => { if (state.page > 1) { setPage(state.page - 1); refresh(); } });
    next.addEventListener("click", () => { if (state.page < state.pages) { setPage(state.page + 1); refresh(); } });
    section.addEventListener("shown", () => { if (!state.loaded) refresh(); });
    if (!section.hidden) refresh();
  }

  tabs();
  document.querySelectorAll("section.printable").forEach(wire);
})();
