/// The page's style and script, compiled into the program: no build step, no CDN, nothing from elsewhere.
enum Assets {
    static let style = #"""
    :root { --bg: #fbfaf7; --fg: #1f1d1a; --dim: #6d675e; --line: #e4e0d8; --card: #ffffff; --accent: #c2410c;
            --mark: #fde68a; --shade: 194, 65, 12; color-scheme: light; }
    @media (prefers-color-scheme: dark) {
      :root:not([data-theme="light"]) { --bg: #171614; --fg: #ece8e1; --dim: #a39d93; --line: #34312c; --card: #201f1c;
            --accent: #fb923c; --mark: #854d0e; --shade: 251, 146, 60; color-scheme: dark; }
    }
    :root[data-theme="dark"] { --bg: #171614; --fg: #ece8e1; --dim: #a39d93; --line: #34312c; --card: #201f1c;
            --accent: #fb923c; --mark: #854d0e; --shade: 251, 146, 60; color-scheme: dark; }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.55 system-ui, -apple-system, "Noto Sans KR",
           "Apple SD Gothic Neo", sans-serif; }
    header { position: sticky; top: 0; background: var(--bg); border-bottom: 1px solid var(--line); z-index: 1; }
    header nav { display: flex; gap: .25rem; max-width: 46rem; margin: 0 auto; padding: .5rem 1rem; align-items: center; }
    header nav a { color: var(--fg); text-decoration: none; padding: .35rem .7rem; border-radius: .5rem; }
    header nav a[aria-current="page"] { background: var(--card); box-shadow: 0 0 0 1px var(--line); }
    #theme { margin-left: auto; }
    main { max-width: 46rem; margin: 0 auto; padding: 1rem; overflow-wrap: anywhere; }
    .text table { display: block; overflow-x: auto; }
    .day { display: flex; flex-wrap: wrap; align-items: baseline; gap: .3rem .8rem; margin: 0 0 .6rem; font-weight: 600; }
    .day a.clear { color: var(--accent); font-weight: normal; }
    button { font: inherit; color: inherit; background: var(--card); border: 1px solid var(--line); border-radius: .5rem;
             padding: .3rem .8rem; cursor: pointer; }
    button.danger { color: #b91c1c; }
    input, select, textarea { font: inherit; color: inherit; background: var(--card); border: 1px solid var(--line);
             border-radius: .5rem; padding: .35rem .5rem; }
    .filters { display: flex; flex-wrap: wrap; gap: .4rem; margin-bottom: 1rem; }
    .filters input[type="search"] { flex: 1 1 100%; font-size: 1.1rem; }
    .filters label { display: inline-flex; align-items: center; gap: .25rem; }
    ul.entries { list-style: none; padding: 0; margin: 0; }
    li.entry a { display: flex; flex-direction: column; gap: .1rem; padding: .7rem .4rem; min-width: 0;
             border-bottom: 1px solid var(--line); color: inherit; text-decoration: none; }
    li.entry a:hover { background: var(--card); }
    li.entry .meta { display: flex; flex-wrap: wrap; align-items: center; gap: .15rem .6rem; color: var(--dim); font-size: .85rem; }
    li.entry .weather { color: var(--fg); }
    .category { display: inline-flex; align-items: center; gap: .35em; width: max-content; max-width: 100%; font-size: .8rem;
             padding: 0 .5rem; border-radius: 1rem; border: 1px solid var(--line); color: var(--fg); background: var(--card); }
    .category::before { content: ""; flex: none; width: .6em; height: .6em; border-radius: 50%; background: var(--c, var(--dim));
             box-shadow: 0 0 0 1px var(--dim); }
    .star { color: #eab308; margin-left: .3rem; }
    .tags { color: var(--accent); font-size: .85rem; }
    .preview { margin: .1rem 0 0; color: var(--dim); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; }
    /* A search's line (about 100 characters around the match) wraps to three lines: on a phone one line
       would cut the match off behind its ellipsis. */
    .preview.match { white-space: normal; display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; }
    mark { background: var(--mark); color: inherit; border-radius: .2rem; }
    .more { display: block; text-align: center; padding: 1rem; color: var(--accent); }
    .empty { color: var(--dim); text-align: center; padding: 2rem 0; }
    article.entry h1 { margin-bottom: .2rem; }
    .facts { color: var(--dim); margin-top: 0; }
    .text img, .files img { max-width: 100%; height: auto; border-radius: .5rem; }
    .text pre { overflow-x: auto; background: var(--card); padding: .6rem; border-radius: .5rem; }
    .files { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .5rem; }
    .files img { max-height: 12rem; }
    .actions { display: flex; flex-wrap: wrap; gap: .4rem; margin: 1rem 0; }
    .editor textarea { width: 100%; font-family: ui-monospace, monospace; font-size: .95rem; }
    .editor details.header { margin: .3rem 0; color: var(--dim); }
    .editor details.header textarea { color: var(--fg); font-size: .85rem; }
    .editor .fields { display: flex; flex-wrap: wrap; gap: .4rem; margin: .4rem 0; }
    .editor .fields > * { flex: 1 1 14rem; min-width: 0; }
    .editor .problem { color: #b91c1c; min-height: 1em; }
    .hidden { display: none; }
    .history { color: var(--dim); font-size: .9rem; }
    .history code { white-space: nowrap; }
    .history button { font-size: .8rem; padding: .1rem .5rem; margin-left: .3rem; }
    .tagger { display: flex; flex-wrap: wrap; gap: .35rem; align-items: center; margin: .3rem 0 .8rem; }
    .tagger .tag { color: var(--accent); font-size: .9rem; }
    .tagger .tag button { border: 0; background: none; padding: 0 .25rem; color: var(--dim); }
    .tagger input { font-size: .85rem; padding: .15rem .45rem; width: 9rem; }
    .gone { background: var(--card); border: 1px solid var(--line); border-radius: .5rem; padding: .5rem .8rem; color: var(--dim); }
    .notice { position: fixed; bottom: 1rem; left: 50%; transform: translateX(-50%); background: var(--fg);
             color: var(--bg); padding: .5rem 1rem; border-radius: .5rem; }
    .broken { color: #b91c1c; }
    span.broken { margin-left: .4rem; font-size: .8rem; border: 1px solid currentColor; border-radius: .3rem; padding: 0 .3rem; }
    .notice.lasting { width: min(36rem, calc(100% - 2rem)); white-space: pre-line; cursor: pointer; }
    .months { display: flex; align-items: center; gap: .6rem; }
    .months h1 { margin: 0 auto; font-size: 1.4rem; }
    .months a { color: var(--accent); text-decoration: none; font-size: 1.3rem; padding: 0 .4rem; }
    table.calendar { width: 100%; border-collapse: separate; border-spacing: .25rem; table-layout: fixed; }
    .calendar th { color: var(--dim); font-weight: normal; font-size: .85rem; }
    .calendar td { text-align: center; height: 2.8rem; border-radius: .5rem; color: var(--dim); }
    .calendar td.now { box-shadow: inset 0 0 0 2px var(--accent); }
    .calendar td.has a { display: block; line-height: 2.8rem; color: var(--fg); font-weight: 600; text-decoration: none; }
    .calendar td.shade1 { background: rgba(var(--shade), .15); } .calendar td.shade2 { background: rgba(var(--shade), .3); }
    .calendar td.shade3 { background: rgba(var(--shade), .45); } .calendar td.shade4 { background: rgba(var(--shade), .6); }
    .calendar td.shade5 { background: rgba(var(--shade), .8); }
    @media (max-width: 30rem) { header nav a { padding: .3rem .45rem; } main { padding: .6rem; } }
    """#

    /// The site's icon (the browser asks for one on every page).
    static let icon = #"""
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="5" y="3" width="22" height="26" rx="3" fill="#c2410c"/><rect x="9" y="3" width="2" height="26" fill="#fbfaf7" opacity=".6"/><path d="M14 10h9M14 15h9M14 20h6" stroke="#fbfaf7" stroke-width="2" stroke-linecap="round"/></svg>
    """#

    static let script = #"""
    "use strict";
    (function () {
      const csrf = document.querySelector('meta[name="csrf"]').content;
      const main = document.getElementById("main");
      const say = (name) => main.dataset[name] || name;

      // Light, dark, or as the system has it; remembered in this browser. The toggle flips the page; a flip
      // back to the system's own scheme follows the system again.
      const theme = localStorage.getItem("journal.theme");
      if (theme) document.documentElement.dataset.theme = theme;
      document.getElementById("theme").addEventListener("click", () => {
        const system = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
        const now = document.documentElement.dataset.theme || system;
        const next = now === "dark" ? "light" : "dark";
        if (next === system) {
          delete document.documentElement.dataset.theme;
          localStorage.removeItem("journal.theme");
        } else {
          document.documentElement.dataset.theme = next;
          localStorage.setItem("journal.theme", next);
        }
      });

      function notice(text, lasting) {
        const box = document.createElement("div");
        box.className = "notice";
        box.setAttribute("role", "status");
        box.textContent = text;
        document.body.appendChild(box);
        if (lasting) {
          box.classList.add("lasting");
          box.addEventListener("click", () => box.remove());
        } else {
          setTimeout(() => box.remove(), 2500);
        }
      }
      const waiting = sessionStorage.getItem("journal.notice");
      if (waiting) {
        sessionStorage.removeItem("journal.notice");
        notice(waiting, true);
      }

      // Category colours: a colour name or #rrggbb from journal.yml, set through the style object (no inline style).
      function paint(root) {
        root.querySelectorAll("[data-color]").forEach((element) => {
          const colour = element.dataset.color;
          if (/^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$/.test(colour)) element.style.setProperty("--c", colour);
        });
      }

      async function send(method, url, body, headers) {
        let response;
        try {
          response = await fetch(url, {
            method, credentials: "same-origin",
            headers: Object.assign({ "Content-Type": "application/json", "X-CSRF-Token": csrf }, headers || {}),
            body: body === undefined ? undefined : JSON.stringify(body),
          });
        } catch (error) {
          // No answer at all (the server stopped): said in the page's words, not the browser's.
          throw new Error(say("unreachable"));
        }
        if (!response.ok && response.status !== 304) {
          const error = new Error((await response.text()).trim() || response.statusText);
          error.status = response.status;
          throw error;
        }
        return response;
      }

      // The page's main part fetched again and put in place: live updates, search as you type, more on scroll.
      let busy = null;
      async function swap(url, keepScroll) {
        const controller = new AbortController();
        if (busy) busy.abort();
        busy = controller;
        try {
          const response = await fetch(url, { credentials: "same-origin", signal: controller.signal });
          if (!response.ok) return;
          const page = new DOMParser().parseFromString(await response.text(), "text/html");
          const fresh = page.getElementById("main");
          if (!fresh) return;
          const y = window.scrollY;
          const live = main.querySelector(":scope > form.filters");
          const next = fresh.querySelector(":scope > form.filters");
          if (live && next) {
            // Only the results change: the search and filter form stays the very node it was, never taken out
            // of the page, so that what is being typed in it (a word an input method is still composing, a
            // tag, a date), its focus and its caret stay as they are.
            for (const node of [...main.childNodes]) if (node !== live) node.remove();
            const nodes = [...fresh.childNodes];
            const at = nodes.indexOf(next);
            live.before(...nodes.slice(0, at));
            live.after(...nodes.slice(at + 1));
          } else {
            main.replaceChildren(...fresh.childNodes);
          }
          if (keepScroll) window.scrollTo(0, y);
          wire();
        } catch (error) {
          if (error.name !== "AbortError") console.warn(error);
        }
      }

      function editing() {
        const form = document.getElementById("editor");
        return form && !form.classList.contains("hidden") && [...form.querySelectorAll("textarea")].some((box) => box.value !== box.defaultValue);
      }

      function wire() {
        paint(main);
        const search = document.getElementById("q");
        if (search && !search.dataset.wired) {
          search.dataset.wired = "1";
          let timer;
          // A word an input method is composing (Korean, Japanese…) is searched once it is composed.
          const typed = (event) => {
            if (event.isComposing) return;
            clearTimeout(timer);
            timer = setTimeout(() => {
              const form = search.form;
              const query = new URLSearchParams(new FormData(form));
              for (const [key, value] of [...query.entries()]) if (!value) query.delete(key);
              const url = "/" + (query.toString() ? "?" + query : "");
              history.replaceState(null, "", url);
              swap(url, false);
            }, 120);
          };
          search.addEventListener("input", typed);
          search.addEventListener("compositionend", typed);
        }
        const more = main.querySelector("a.more");
        if (more && "IntersectionObserver" in window) {
          const watch = new IntersectionObserver((seen) => {
            if (seen.some((e) => e.isIntersecting)) { watch.disconnect(); history.replaceState(null, "", more.href); swap(more.href, true); }
          });
          watch.observe(more);
        }
        const article = main.querySelector("article.entry");
        if (article) wireEntry(article);
        const form = document.getElementById("editor");
        if (form && !form.dataset.wired) wireEditor(form);
      }

      function wireEntry(article) {
        const id = article.dataset.id;
        const tagBox = article.querySelector("form.add-tag");
        if (tagBox) tagBox.addEventListener("submit", async (event) => {
          event.preventDefault();
          const tag = tagBox.elements.tag.value.trim().replace(/^#/, "");
          if (!tag) return;
          try {
            await send("POST", "/api/entries/" + id + "/header", { tags: ["+" + tag] });
            await swap(location.href, true);
          } catch (error) { notice(error.message); }
        });
        main.querySelectorAll("button[data-action]").forEach((button) => {
          button.addEventListener("click", async () => {
            try {
              switch (button.dataset.action) {
                case "star":
                  await send("POST", "/api/entries/" + id + "/header", { starred: button.dataset.starred !== "true" });
                  await swap(location.href, true);
                  break;
                case "edit":
                  document.getElementById("editor").classList.toggle("hidden");
                  break;
                case "share": {
                  const response = await fetch("/api/entries/" + id + "/share?format=" + button.dataset.format, { credentials: "same-origin" })
                    .catch(() => { throw new Error(say("unreachable")); });
                  if (!response.ok) throw new Error((await response.text()).trim() || response.statusText);
                  await navigator.clipboard.writeText(await response.text());
                  notice(say("copied"));
                  break;
                }
                case "untag":
                  await send("POST", "/api/entries/" + id + "/header", { tags: ["-" + button.dataset.tag] });
                  await swap(location.href, true);
                  break;
                case "delete":
                  if (!confirm(say("confirmDelete"))) return;
                  await send("DELETE", "/api/entries/" + id);
                  // The deleted entry's page: its last version, and a button that brings it back.
                  location.href = "/entry/" + id;
                  break;
                case "restore":
                  await send("POST", "/api/entries/" + id + "/restore", button.dataset.revision ? { revision: button.dataset.revision } : {});
                  notice(say("restored"));
                  location.href = "/entry/" + id;
                  break;
              }
            } catch (error) { notice(error.message); }
          });
        });
      }

      // What is typed stays in this browser until it is saved: a reload or a closed tab loses nothing. A draft
      // keeps the version it was started from (its tag) and is saved over that version, never over the file
      // as it is now: a change made since is merged with it, or the save is refused (412), as the server says.
      function readDraft(key) {
        const raw = localStorage.getItem(key);
        if (raw === null) return null;
        try {
          const draft = JSON.parse(raw);
          if (draft && typeof draft.text === "string") {
            const fields = draft.fields && typeof draft.fields === "object" ? draft.fields : {};
            return { text: draft.text, base: typeof draft.base === "string" ? draft.base : "", fields: fields };
          }
        } catch (error) { /* a draft kept before drafts had versions: its version is unknown */ }
        return { text: raw, base: "", fields: {} };
      }

      function wireEditor(form) {
        form.dataset.wired = "1";
        const id = form.dataset.id;
        const key = "journal.draft." + (id || "new");
        const box = form.elements["text"];
        const note = form.querySelector(".draft");
        let base = form.dataset.tag;
        // A draft keeps the other fields too: a new entry's category, tags and date; an entry's header (a
        // draft kept without one holds the whole file as its text, and is sent back as it was).
        const names = (id ? ["header"] : ["category", "tags", "date"]).filter((name) => form.elements[name]);
        const kept = readDraft(key);
        const keptField = (name) => typeof kept.fields[name] === "string" ? kept.fields[name] : "";
        if (kept !== null && (kept.text !== box.value || names.some((name) => keptField(name) !== form.elements[name].value))) {
          box.value = kept.text;
          base = kept.base;
          for (const name of names) form.elements[name].value = keptField(name);
          const header = form.elements["header"];
          if (header && header.value !== header.defaultValue) header.closest("details").open = true;
          form.classList.remove("hidden");
          if (note && base !== form.dataset.tag) note.classList.remove("hidden");
        } else if (kept !== null) {
          localStorage.removeItem(key);
        }
        const keep = () => {
          const fields = {};
          for (const name of names) fields[name] = form.elements[name].value;
          localStorage.setItem(key, JSON.stringify({ text: box.value, base: base, fields: fields }));
        };
        form.addEventListener("input", keep);
        form.addEventListener("change", keep);
        const discard = form.querySelector("button[data-draft=discard]");
        // The draft dropped, the page read again: the entry as it is now, to edit afresh.
        if (discard) discard.addEventListener("click", () => {
          localStorage.removeItem(key);
          location.reload();
        });
        form.addEventListener("submit", async (event) => {
          event.preventDefault();
          // One save at a time: a second click while the first is on its way writes nothing twice.
          const button = form.querySelector("button[type=submit]");
          if (button.disabled) return;
          button.disabled = true;
          const problem = form.querySelector(".problem");
          problem.textContent = "";
          try {
            let response;
            if (id) {
              const header = form.elements["header"];
              response = await send("PUT", "/api/entries/" + id, { text: (header ? header.value : "") + box.value }, { "If-Match": '"' + base + '"' });
            } else {
              const body = { text: box.value };
              const value = (name) => (form.elements[name] && form.elements[name].value.trim()) || "";
              if (value("category")) body.category = value("category");
              if (value("tags")) body.tags = value("tags").split(/[\s,]+/).filter(Boolean);
              if (value("date")) body.date = value("date");
              response = await send("POST", "/api/entries", body);
            }
            const entry = await response.json();
            localStorage.removeItem(key);
            // What the server had to say of the new entry (a weather lookup that failed), shown on its page.
            const said = response.headers.get("Journal-Notice");
            if (said) sessionStorage.setItem("journal.notice", decodeURIComponent(said));
            location.href = "/entry/" + entry.id;
          } catch (error) {
            // Deleted meanwhile: said so; the text stays kept here, and comes back once the entry is restored.
            problem.textContent = id && error.status === 404 ? say("deleted") : error.message;
            // Refused as changed on disk: the draft stays, and may be dropped for the entry as it is now.
            if (error.status === 412 && note) note.classList.remove("hidden");
            button.disabled = false;
          }
        });
      }

      // Live: the page follows the files (an editor, a sync, another window) without a reload.
      if ("EventSource" in window) {
        const events = new EventSource("/api/events");
        let timer;
        events.addEventListener("change", () => {
          clearTimeout(timer);
          timer = setTimeout(() => {
            if (editing()) {
              // A new entry's text cannot have changed on disk: only an open edit of an entry is told so.
              if (document.getElementById("editor").dataset.id) notice(say("changed"));
              return;
            }
            swap(location.href, true);
          }, 50);
        });
      }
      wire();
    })();
    """#
}
