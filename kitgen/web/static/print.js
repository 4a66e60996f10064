/* The print page: each printable's form drives its live preview and its download link; the class set is made
   from exactly what the page shows (the shown printable's form: deal, language, layout, paper) and says what it
   will print. The page's state is its address (?show=sheet&seed=7&lang=fr), so a link reopens it. */
"use strict";

(() => {
  const { debounce, query, showError, runTask, text, call } = window.kitgen;
  const classBox = document.querySelector(".classset-box");
  const sections = [...document.querySelectorAll("section.printable")];
  const shown = () => sections.find((s) => !s.hidden);

  function show(key) {
    for (const button of document.querySelectorAll(".tabs button[data-show]")) {
      const on = button.dataset.show === `print-${key}`;
      button.setAttribute("aria-selected", String(on));
      const section = document.getElementById(button.dataset.show);
      section.hidden = !on;
      if (on) section.dispatchEvent(new Event("shown"));
    }
    remember();
    describe();
  }

  function tabs() {
    for (const button of document.querySelectorAll(".tabs button[data-show]")) {
      button.addEventListener("click", () => show(button.dataset.show.replace(/^print-/, "")));
    }
  }

  /** The address: the printable shown and its form's choices (a reload or a link opens the same). */
  function remember() {
    const section = shown();
    if (!section) return;
    const params = query(section.querySelector("form"));
    for (const box of section.querySelectorAll("form input[type=checkbox]")) if (box.dataset.default === (box.checked ? "1" : "0")) params.delete(box.name);
    for (const [name, value] of [...params]) if (name !== "lang" && name in defaults(section) && defaults(section)[name] === value) params.delete(name);  // the language stays: a link opens in it
    params.delete("from_file"); params.delete("words"); params.delete("book");  // an upload lives only as long as the page
    const url = `${location.pathname}?${new URLSearchParams([["show", section.dataset.key], ...params])}`;
    if (url !== location.pathname + location.search) history.replaceState(null, "", url);
  }

  const defaultsOf = new Map();
  function defaults(section) {
    if (!defaultsOf.has(section)) defaultsOf.set(section, Object.fromEntries(query(section.querySelector("form"))));
    return defaultsOf.get(section);
  }

  function fromAddress() {
    const params = new URLSearchParams(location.search);
    const key = params.get("show");
    const section = sections.find((s) => s.dataset.key === key);
    for (const s of sections) defaults(s);
    if (!section) return;
    const form = section.querySelector("form");
    for (const [name, value] of params) {
      const field = form.elements[name];
      if (!field || field.type === "hidden" || field.type === "file") continue;
      if (field.type === "checkbox") field.checked = value === "1"; else field.value = value;
    }
    show(key);
  }

  // -- the class set ---------------------------------------------------------------------------------------

  const chosen = (form, name) => {
    const field = form.elements[name];
    if (!field || field.value === "") return null;
    return field.tagName === "SELECT" ? field.selectedOptions[0].textContent.trim() : field.value;
  };

  /** The class set's address and what it will print, in words, from the shown printable's form. */
  function classSet(section) {
    const form = section.querySelector("form");
    const count = Math.max(1, Math.min(Number(section.dataset.most) || 200, Number(classBox.querySelector(".class-count").value) || 1));
    const params = query(form);
    const upload = form.elements.from_file && form.elements.from_file.value;
    const perPage = Number(params.get("per_page") || 1);
    const different = section.dataset.varies === "1" && !upload && classBox.querySelector("input[name=class_kind]:checked").value === "different";
    let what;
    let pages;
    const noun = section.dataset.noun;
    if (section.dataset.classset === "count" && (different || upload || section.dataset.varies !== "1")) {
      params.set("count", String(count));
      pages = Math.ceil(count / perPage);
      what = upload ? text("copies_of_grid", { n: count, name: section.querySelector(".upload-name").textContent }, count)
        : text(`${different ? "different" : "count"}_${noun}`, { n: count }, count);
    } else {
      params.set("copies", String(count));
      if (section.dataset.classset === "count") params.set("count", "1");
      const each = Number(section.dataset.pages || 1);
      // copies the component lays out itself (pattern --copies) fill each page; others repeat the whole PDF
      pages = section.dataset.laidOut === "1" ? Math.ceil(count / perPage) : count * (section.dataset.classset === "count" ? 1 : each);
      what = section.dataset.classset === "count" ? text(`copies_of_one_${noun}`, { n: count }, count)
        : each > 1 ? text("copies_of_one_set_pages", { n: count, each }, count) : text("copies_of_one_set", { n: count }, count);
    }
    const bits = [];
    const deal = chosen(form, "seed");
    if (deal !== null && !upload) what = text("of_deal", { what, deal });
    const lang = chosen(form, "lang");
    if (lang) bits.push(lang);
    if (params.has("per_page") && (params.get("copies") === null || section.dataset.laidOut === "1")) bits.push(text("per_page", { n: perPage }, perPage));
    const paper = chosen(form, "paper");
    if (paper) bits.push(text("paper", { paper }));
    const says = text("this_prints", { what: `${what}${bits.length ? `, ${bits.join(", ")}` : ""}`, pages: text("pages", { n: pages }, pages) });
    return { url: `${section.dataset.pdf}?${params}`, says };
  }

  function describe() {
    const section = shown();
    if (!classBox || !section) return;
    classBox.hidden = !section.dataset.classset;
    if (!section.dataset.classset) return;
    const form = section.querySelector("form");
    const upload = form.elements.from_file && form.elements.from_file.value;
    classBox.querySelector(".varies").hidden = section.dataset.varies !== "1" || Boolean(upload);
    classBox.querySelector(".class-count").max = section.dataset.most;
    const { url, says } = classSet(section);
    classBox.querySelector(".class-says").textContent = says;
    classBox.querySelector(".class-download").href = url;
  }

  // -- downloads: a PDF made as a task the page follows ------------------------------------------------------

  let making = null;  // the PDF being made: { task, where }

  /** How far the PDF is, in words. */
  function progressText(t) {
    if (t.state === "queued") return t.ahead ? text("waiting_ahead", { n: t.ahead }, t.ahead) : text("waiting_next");
    if (t.total) {
      const share = Math.min(0.99, Math.round((100 * t.done) / t.total) / 100);
      return text("making_percent", { percent: new Intl.NumberFormat(document.documentElement.lang || "en", { style: "percent" }).format(share) });
    }
    return text("making");
  }

  function stopMaking() {
    if (!making) return;
    if (making.task) call(`/api/tasks/${making.task}`, { method: "DELETE" });
    making.where.querySelector(".stop-task").hidden = true;
    making = null;
  }

  /** Download the PDF of ``pdfUrl`` (/api/pdf/...): made as a task (POST /api/tasks/pdf/...), so a busy computer
      keeps it waiting in line instead of refusing it; its progress and a Stop button shown in ``where``; the file
      downloaded when it is ready. */
  async function makePdf(pdfUrl, where) {
    stopMaking();
    const mine = { task: null, where };
    making = mine;
    const status = where.querySelector(".task-status");
    const stop = where.querySelector(".stop-task");
    const error = where.querySelector(".error");
    showError(error, "");
    status.textContent = text("making");
    status.hidden = false;
    stop.hidden = false;
    const { status: code, data } = await runTask(pdfUrl.replace(/^\/api\/pdf\//, "/api/tasks/pdf/"), (t) => {
      mine.task = t.task;
      status.textContent = progressText(t);
    }, () => making === mine);
    if (making === mine) making = null;
    stop.hidden = true;
    if (code === -1) { status.textContent = text("stopped"); return; }
    status.hidden = true;
    if (code !== 200) { showError(error, (data && data.error) || text("not_answering")); return; }
    status.textContent = text("ready", { name: data.name });
    status.hidden = false;
    window.location.href = data.file;
  }

  if (classBox) {
    classBox.querySelector(".class-download").addEventListener("click", (event) => {
      event.preventDefault();
      makePdf(classBox.querySelector(".class-download").getAttribute("href"), classBox);
    });
    classBox.querySelector(".stop-task").addEventListener("click", stopMaking);
  }

  // -- each printable: its preview -------------------------------------------------------------------------

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
      label.textContent = text("page_of", { page: state.page, pages: state.pages });
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
        showError(error, answer.error || text("not_answering"));
        return;
      }
      showError(error, "");
      state.pages = Number(response.headers.get("X-Pages") || "1");
      section.dataset.pages = String(state.pages);
      const blob = await response.blob();
      if (state.url) URL.revokeObjectURL(state.url);
      state.url = URL.createObjectURL(blob);
      img.src = state.url;
      img.alt = text("preview_of", { page: state.page });
      img.hidden = false;
      state.loaded = true;
      setPage(state.page);
      section.dataset.previewed = params.toString();
      describe();
    }

    const later = debounce(() => { setPage(1); refresh(); }, 300);
    const changed = () => { remember(); describe(); later(); };
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    form.addEventListener("submit", (event) => {
      // Download what the form says, made as a task; "width" is the preview's only.
      event.preventDefault();
      makePdf(`${section.dataset.pdf}?${query(form)}`, form);
    });
    form.querySelector(".stop-task").addEventListener("click", stopMaking);
    prev.addEventListener("click", () => { if (state.page > 1) { setPage(state.page - 1); refresh(); } });
    next.addEventListener("click", () => { if (state.page < state.pages) { setPage(state.page + 1); refresh(); } });
    section.addEventListener("shown", () => { if (!state.loaded) refresh(); });
    if (!section.hidden) refresh();
  }

  tabs();
  if (classBox) {
    classBox.addEventListener("input", describe);
    classBox.addEventListener("change", describe);
  }
  fromAddress();
  sections.forEach(wire);
  describe();
})();
