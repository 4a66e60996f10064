/* kitgen's web pages: helpers every page uses (no library, nothing from outside: it works offline). */
"use strict";

window.kitgen = (() => {
  /** Call fn once things have been quiet for ms milliseconds. */
  function debounce(fn, ms) {
    let timer = 0;
    return (...args) => {
      clearTimeout(timer);
      timer = setTimeout(() => fn(...args), ms);
    };
  }

  /** A form's fields as query parameters: empty fields left out (the option's default), boxes as 1 or 0. */
  function query(form) {
    const out = new URLSearchParams();
    for (const field of form.elements) {
      if (!field.name || field.matches(":disabled") || field.type === "submit" || field.type === "button") continue;
      // a box's values are 1 and 0, or its own (data-on, data-off: "2-letter words too" is min_length 2 or 3)
      if (field.type === "checkbox") out.set(field.name, field.checked ? field.dataset.on || "1" : field.dataset.off || "0");
      else if (field.value.trim() !== "") out.set(field.name, field.value.trim());
    }
    return out;
  }

  /** fetch, then the JSON answer (or the error the server gave) with its HTTP status. */
  async function call(url, options) {
    let response;
    try {
      response = await fetch(url, options);
    } catch (error) {
      return { status: 0, data: { error: text("common.offline") } };
    }
    let data;
    try {
      data = await response.json();
    } catch (error) {
      data = { error: `${response.status} ${response.statusText}` };
    }
    return { status: response.status, data };
  }

  /** POST text (a record, a sheet) as the body. */
  function post(url, text) {
    return call(url, { method: "POST", body: text, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }

  /** The page's own words for its script, translated by the server (the ``data-texts`` JSON of the element that
      carries it; see pages.py ``texts``): text("key", {name: "Ann"}) fills {name}; a message with a plural is its
      forms by CLDR plural category ({one, few, many, other}: the catalogue's forms, pages.py ``plural_forms``) and
      text("key", vars, n) picks the form for n by Intl.PluralRules of the page's language (``<html lang>``):
      Polish 2 strony, 5 stron, 22 strony. */
  let texts = null;
  function text(key, vars = {}, n = undefined) {
    if (texts === null) {
      texts = {};
      document.querySelectorAll("[data-texts]").forEach((node) => Object.assign(texts, JSON.parse(node.dataset.texts)));
    }
    let found = texts[key];
    if (found === undefined) return key;
    if (typeof found === "object") {
      const form = n === undefined ? "other" : new Intl.PluralRules(document.documentElement.lang || "en").select(n);
      found = found[form] ?? found.other;
    }
    return found.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
  }

  /** Long work as a task (docs/web.md, "Busy, not broken"): POST ``url`` answers 202 {task}, then GET
      /api/tasks/ID is asked every 300 ms, ``onState(task)`` told each answer (queued with ``ahead``, running with
      ``done``/``total``), until it is done (resolves {status, data} as the plain endpoint would have answered),
      cancelled, or ``current()`` says the page moved on (both resolve status -1). */
  async function runTask(url, onState, current = () => true) {
    const started = await call(url, { method: "POST" });
    if (started.status !== 202) return started;
    let last = started.data;
    while (current()) {
      onState(last);
      await new Promise((resolve) => { setTimeout(resolve, 300); });
      const { status, data } = await call(`/api/tasks/${last.task}`);
      if (status !== 200) return { status, data };
      if (data.state === "done") return { status: data.status, data: data.result };
      if (data.state === "cancelled") return { status: -1, data: {} };
      last = data;
    }
    return { status: -1, data: {} };
  }

  /** An element: el("li", {class: "x", text: "hi"}, child, ...). */
  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key === "class") node.className = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  /** "LINE:COL: message" (the API's 400 error) as {line, col, message}; line 0 when not located. */
  function located(error) {
    const match = /^(\d+):(\d+): ([\s\S]*)$/.exec(error || "");
    return match ? { line: Number(match[1]), col: Number(match[2]), message: match[3] }
                 : { line: 0, col: 0, message: error || "" };
  }

  /** The text of a file the person chose (never sent anywhere but to this page). */
  function readFile(input) {
    return new Promise((resolve, reject) => {
      const file = input.files && input.files[0];
      if (!file) { resolve(null); return; }
      if (file.size > 2000000) { reject(new Error(text("common.tooBig"))); return; }
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(file);
    });
  }

  /** A server's message in a page's words: a command-line flag ("--count") reads as its field's label on the page
      ("How many"), or as words where the page has no such field. */
  function plain(message) {
    return String(message || "").replace(/(^|[\s(])--([a-z][a-z-]*)/g, (all, before, flag) => {
      const field = document.querySelector(`[name="${flag.replace(/-/g, "_")}"]`);
      const label = field && field.id && document.querySelector(`label[for="${field.id}"]`);
      const name = label ? label.textContent.trim() : flag.replace(/-/g, " ");
      return `${before}\u201c${name.charAt(0).toUpperCase()}${name.slice(1)}\u201d`;
    });
  }

  /** Show (or hide, with no message) a page's error box. */
  function showError(box, message) {
    if (!box) return;
    message = plain(message);
    box.textContent = message || "";
    box.hidden = !message;
  }

  /** A finished record's text as numbered lines, each problem under its line (the record pages). Where on the line
      is shown, not said: the character at a problem's column is marked (a column number means nothing to a child;
      the API keeps it). */
  function recordLines(record, problems) {
    const box = el("div", { class: "record-lines" });
    const byLine = new Map();
    for (const p of problems) {
      if (!byLine.has(p.line)) byLine.set(p.line, []);
      byLine.get(p.line).push(p);
    }
    const lines = record.replace(/\r\n?/g, "\n").split("\n");
    if (lines.length && lines[lines.length - 1] === "") lines.pop();
    lines.forEach((line, k) => {
      const here = byLine.get(k + 1) || [];
      const row = el("div", { class: here.length ? "line bad" : "line", "data-line": k + 1 },
        el("span", { class: "n", text: k + 1 }), marked(line, here));
      for (const p of here) row.append(el("span", { class: "problem", text: p.message }));
      box.append(row);
    });
    const unplaced = problems.filter((p) => !p.line || p.line > lines.length);
    for (const p of unplaced) box.append(el("div", { class: "line bad" }, el("span", { class: "n", text: "" }),
      el("span", { class: "problem", text: p.message })));
    return box;
  }

  /** A record's line, the character at its first problem's column (past the first) marked where it is. */
  function marked(line, problems) {
    const at = (problems.find((p) => p.col > 1) || {}).col;
    if (!at || at > line.length) return el("span", { text: line || " " });
    return el("span", {}, line.slice(0, at - 1), el("mark", { class: "at", text: line.charAt(at - 1) }), line.slice(at));
  }

  /** A translated word of the page's (data-texts), or ``fallback`` where the page has none. */
  function word(key, fallback) {
    const found = text(key);
    return found === key ? fallback : found;
  }

  /** A verdict's key as a person reads it: the page's word for it (``verdict.KEY``), else the key in words. */
  function keyName(key) {
    return word(`verdict.${key}`, key.replace(/_/g, " "));
  }

  /** A verdict's value as a person reads it: yes or no, a list's items, a sentence kitgen writes in English in its
      JSON (``value.SENTENCE``) in the page's language, an object's keys in the page's words (a hand's plays read
      "Joueur 1 · Mots SPEW · Cartes 4", one play from the next by "; "), never a JSON key. */
  function shown(value) {
    if (value === true) return text("common.yes");
    if (value === false) return text("common.no");
    if (value === null || value === undefined) return "";
    if (Array.isArray(value) && value.length && value.every((v) => typeof v === "number")) return value.join(",");  // a brick's X,Y,Z
    if (Array.isArray(value)) {
      const apart = value.some((v) => v !== null && typeof v === "object" && !Array.isArray(v)) ? "; " : " ";
      return value.map((v) => (Array.isArray(v) ? v.join("") : shown(v))).join(apart);
    }
    if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${keyName(k)} ${shown(v)}`).join(" · ");
    if (typeof value !== "string") return String(value);
    return word(`value.${value}`, null) ?? formed(value) ?? value;
  }

  /** A sentence of the JSON with names in it (``completed by ANN``) in the page's language: the page's
      ``form.ENGLISH`` whose English form it matches, each {part} as the JSON has it (a word the page has translated);
      null when none matches. */
  function formed(value) {
    text("");  // the page's texts, read once
    for (const key of Object.keys(texts)) {
      if (!key.startsWith("form.")) continue;
      const source = key.slice(5).replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, "(?<$1>.+?)");
      const found = new RegExp(`^${source}$`).exec(value);
      if (found) {
        const parts = Object.fromEntries(Object.entries(found.groups).map(([k, v]) => [k, word(`value.${v}`, v)]));
        return text(key, parts);
      }
    }
    return null;
  }

  /** A number for each of ``players`` seats (a Crossword Game hand's scores, penalties, totals: its players are
      P1..PN) as the record names them, "P1 0 · P2 10", not "0,10" (a decimal in French); null for any other value. */
  function byPlayer(value, players) {
    if (typeof players !== "number" || !Array.isArray(value) || value.length !== players || players < 2) return null;
    if (!value.every((v) => typeof v === "number")) return null;
    return value.map((v, i) => `P${i + 1} ${v}`).join(" · ");
  }

  /** A JSON document as a person reads it: numbers and words first, then tables of its lists. */
  function documentView(doc) {
    const box = el("div", { class: "document" });
    const summary = el("div", { class: "summary" });
    const tables = [];
    for (const [key, value] of Object.entries(doc || {})) {
      if (key === "problems" || key === "game" || value === null || value === undefined) continue;
      if (Array.isArray(value) && value.length && typeof value[0] === "object" && !Array.isArray(value[0])) {
        tables.push([key, value]);
        continue;
      }
      const said = byPlayer(value, doc.players) || shown(value);
      summary.append(el("div", { class: said.length > 40 ? "long" : null }, keyName(key), el("b", { text: said })));
    }
    box.append(summary);
    for (const [key, rows] of tables) box.append(el("h3", { text: keyName(key) }), table(rows.slice(0, 300), true));
    return box;
  }

  /** Rows of a JSON list as a table; ``named``: a verdict's, its columns named in the page's words (on a phone each
      row is a line of its named cells, so no column is cut off). */
  function table(rows, named = false) {
    const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const names = keys.map((k) => (named ? keyName(k) : k.replace(/_/g, " ")));
    const head = el("tr", {}, ...names.map((name) => el("th", { text: name })));
    const body = rows.map((r) => el("tr", {}, ...keys.map((k, i) => el("td", {
      class: typeof r[k] === "number" ? "num" : null,
      "data-label": named ? names[i] : null,
      text: named ? byPlayer(r[k], r.players) || shown(r[k]) : r[k] === null || r[k] === undefined ? "" : typeof r[k] === "object" ? JSON.stringify(r[k]) : r[k],
    }))));
    return el("table", { class: named ? "plain named" : "plain" }, el("thead", {}, head), el("tbody", {}, ...body));
  }

  /** Wire a page's "paste or upload" controls: onText(text) gets the text either way. */
  function pasteOrUpload(root, onText) {
    const file = root.querySelector("input[type=file]:not([data-upload])");
    const area = root.querySelector("textarea.paste");
    const use = root.querySelector("button.use-paste");
    if (file) file.addEventListener("change", async () => {
      try {
        const text = await readFile(file);
        if (text !== null) { if (area) area.value = text; onText(text); }
      } catch (error) { alert(error.message); }
    });
    if (use && area) use.addEventListener("click", () => onText(area.value));
  }

  /** A file the person chose for an option (a grid, a word list, a book): its bytes sent to the server
      (POST /api/upload), which answers a token; the form's hidden field takes the token and the form hears a
      change. The server never reads a file named by a request. */
  function wireUpload(chooser) {
    const box = chooser.closest(".upload-field");
    const hidden = box.querySelector(`input[type=hidden][name="${chooser.dataset.upload}"]`);
    const name = box.querySelector(".upload-name");
    const clear = box.querySelector(".upload-clear");
    const changed = () => hidden.dispatchEvent(new Event("change", { bubbles: true }));
    chooser.addEventListener("change", async () => {
      const file = chooser.files && chooser.files[0];
      if (!file) return;
      if (file.size > 2000000) { name.textContent = text("common.tooBig"); return; }
      name.textContent = text("common.sending", { name: file.name });
      const { status, data } = await call(`/api/upload?name=${encodeURIComponent(file.name)}`,
                                          { method: "POST", body: await file.arrayBuffer() });
      if (status !== 200) { name.textContent = data.error; return; }
      hidden.value = data.upload;
      name.textContent = file.name;
      clear.hidden = false;
      changed();
    });
    clear.addEventListener("click", () => {
      hidden.value = "";
      chooser.value = "";
      name.textContent = "";
      clear.hidden = true;
      changed();
    });
  }

  document.querySelectorAll("input[type=file][data-upload]").forEach(wireUpload);

  /** A check page's state in its address: its options and what was typed (``get()``, under ``key``), so a link
      or a bookmark reopens the same check (the deal page keeps its deal so too). ``load()`` puts the address's
      state back into the form (``set(text)`` for the typed text) and says whether there was any; ``save()`` (call it
      on every change) rewrites the address in place. An uploaded file's token is never put in an address (the
      server forgets it); a text too long for an address (over ``most`` characters) is left out. */
  function keepInAddress(form, { key = "text", get, set, most = 3000 }) {
    const keep = location.pathname.startsWith("/check/");
    function save() {
      if (!keep) return;
      const params = new URLSearchParams(location.search).get("as") === "text" ? new URLSearchParams({ as: "text" }) : new URLSearchParams();
      for (const [name, value] of query(form)) {
        const field = form.elements[name];
        if (field && field.type === "hidden") continue;
        if (field && field.type === "checkbox" && value === (field.dataset.default === "1" ? "1" : "0")) continue;
        params.set(name, value);
      }
      const text = get();
      if (text && text.trim() && text.length <= most) params.set(key, text);
      const url = `${location.pathname}${[...params].length ? `?${params}` : ""}`;
      if (url !== location.pathname + location.search) history.replaceState(null, "", url);
    }
    function load() {
      if (!keep) return false;
      const params = new URLSearchParams(location.search);
      let any = false;
      for (const field of form.elements) {
        if (!field.name || !params.has(field.name) || field.type === "hidden" || field.type === "file") continue;
        if (field.type === "checkbox") field.checked = params.get(field.name) === "1";
        else field.value = params.get(field.name);
        any = true;
      }
      if (params.has(key)) { set(params.get(key)); any = true; }
      return any;
    }
    return { save: debounce(save, 250), load };
  }

  /* The language menu keeps the page: its link is the address as it is now (a typed record, a deal number that
     keepInAddress wrote there) with the chosen language, so switching language re-reads the same thing. */
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("nav.langs a[hreflang]");
    if (!link) return;
    const params = new URLSearchParams(location.search);
    params.set("lang", link.getAttribute("hreflang"));
    link.setAttribute("href", `?${params}`);
  });

  return { debounce, query, call, post, el, text, runTask, located, readFile, showError, plain, keepInAddress, recordLines, documentView, table, pasteOrUpload };
})();
