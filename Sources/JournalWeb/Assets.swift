import Foundation
import JournalKit

/// The page's icon and script (the style is in `Style.swift`), compiled into the program: no build step, no CDN.
enum Assets {
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
      // Every address of this run's pages starts with it (on loopback, the path the session's cookie keeps to).
      const base = document.body.dataset.base || "";

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
          // No answer at all (the server stopped, or no connection): said in the page's words, not the browser's.
          const unreachable = new Error(say("unreachable"));
          unreachable.offline = true;
          throw unreachable;
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
        // The filters beyond the search are folded on a phone; a wide screen shows them.
        if (matchMedia("(min-width: 30.01rem)").matches) {
          for (const folded of document.querySelectorAll("details.more-filters")) { folded.open = true; folded.classList.add("wide"); }
        }
        const search = document.getElementById("q");
        if (search && !search.dataset.wired) {
          search.dataset.wired = "1";
          let timer;
          let asked = location.pathname + location.search;
          // The list for what the form holds now: the results change under the form, which stays the node it
          // is (its text, caret and a composition going on kept); the same address is not asked twice.
          const apply = () => {
            clearTimeout(timer);
            const form = search.form;
            const query = new URLSearchParams(new FormData(form));
            for (const [key, value] of [...query.entries()]) if (!value) query.delete(key);
            const url = base + "/" + (query.toString() ? "?" + query : "");
            if (url === asked) return;
            asked = url;
            history.replaceState(null, "", url);
            swap(url, false);
          };
          // A word an input method is still composing (Korean on a phone: 부, 붓, 부사, 부산) is searched as it
          // stands, as the command line would search it, a little after the last keystroke so that the list
          // does not flicker through every syllable.
          const typed = (event) => {
            clearTimeout(timer);
            timer = setTimeout(apply, event.isComposing ? 220 : 120);
          };
          search.addEventListener("input", typed);
          search.addEventListener("compositionend", typed);
          // The filters apply as they are chosen (a category, the star; a tag or a date once it is typed),
          // like the search: no button to press. Enter applies them too, without leaving the page.
          const form = search.form;
          form.addEventListener("change", (event) => { if (event.target !== search) apply(); });
          form.addEventListener("submit", (event) => { event.preventDefault(); apply(); });
          const button = form.querySelector("button[type=submit]");
          if (button) button.classList.add("hidden");
        }
        const more = main.querySelector("a.more");
        if (more && "IntersectionObserver" in window) {
          const watch = new IntersectionObserver((seen) => {
            if (seen.some((e) => e.isIntersecting)) { watch.disconnect(); history.replaceState(null, "", more.href); swap(more.href, true); }
          });
          watch.observe(more);
        }
        const calendar = main.querySelector("table.calendar");
        if (calendar && !calendar.dataset.wired) wireCalendar(calendar);
        for (const button of main.querySelectorAll("button[data-restore]")) if (!button.dataset.wired) wireRestore(button);
        const article = main.querySelector("article.entry");
        if (article) wireEntry(article);
        const form = document.getElementById("editor");
        if (form && !form.dataset.wired) wireEditor(form);
      }

      // The calendar: a day tapped shows its entries under the month at once (every day's of the month are in
      // the page), and the address says which day, so that a reload or a live update keeps it. Without the
      // script, the link loads that day's page.
      function wireCalendar(calendar) {
        calendar.dataset.wired = "1";
        calendar.addEventListener("click", (event) => {
          const link = event.target.closest("a[data-day]");
          if (!link || event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
          const sections = [...main.querySelectorAll("section.dayentries")];
          const section = sections.find((each) => each.dataset.day === link.dataset.day);
          if (!section) return;
          event.preventDefault();
          for (const each of sections) each.hidden = each !== section;
          const hint = main.querySelector("p.pick");
          if (hint) hint.hidden = true;
          for (const cell of calendar.querySelectorAll("td.picked")) cell.classList.remove("picked");
          for (const other of calendar.querySelectorAll("a[aria-current]")) other.removeAttribute("aria-current");
          link.parentElement.classList.add("picked");
          link.setAttribute("aria-current", "true");
          history.replaceState(null, "", link.href);
        });
      }

      // The trash: an entry brought back (one new commit, as `journal restore`), and the trash shown again.
      function wireRestore(button) {
        button.dataset.wired = "1";
        button.addEventListener("click", async () => {
          button.disabled = true;
          try {
            await send("POST", base + "/api/entries/" + button.dataset.restore + "/restore", {});
            notice(say("restored"));
            await swap(location.href, true);
          } catch (error) {
            button.disabled = false;
            notice(error.message);
          }
        });
      }

      // The phone's share sheet where there is one (Web Share), else the clipboard, else the text shown to be
      // copied by hand: whatever the browser allows, never its error.
      async function share(text, title) {
        if (navigator.share) {
          try {
            await navigator.share({ title: title, text: text });
            return;
          } catch (error) {
            if (error && error.name === "AbortError") return;
          }
        }
        try {
          await navigator.clipboard.writeText(text);
          notice(say("copied"));
          return;
        } catch (error) { /* not allowed here: shown instead */ }
        const box = document.createElement("dialog");
        box.className = "copy";
        const area = document.createElement("textarea");
        area.value = text;
        area.readOnly = true;
        area.rows = 10;
        const label = document.createElement("p");
        label.textContent = say("copyHere");
        const close = document.createElement("button");
        close.type = "button";
        close.textContent = say("close");
        close.addEventListener("click", () => box.remove());
        box.append(label, area, close);
        document.body.appendChild(box);
        box.showModal();
        area.select();
      }

      function wireEntry(article) {
        const id = article.dataset.id;
        const photos = article.querySelector("input[name=photos]");
        if (photos) photos.addEventListener("change", async () => {
          const files = [...photos.files];
          photos.value = "";
          try {
            for (const file of files) await upload(id, file);
            await swap(location.href, true);
          } catch (error) { notice(error.message, true); }
        });
        const tagBox = article.querySelector("form.add-tag");
        if (tagBox) tagBox.addEventListener("submit", async (event) => {
          event.preventDefault();
          const tag = tagBox.elements.tag.value.trim().replace(/^#/, "");
          if (!tag) return;
          try {
            await send("POST", base + "/api/entries/" + id + "/header", { tags: ["+" + tag] });
            await swap(location.href, true);
          } catch (error) { notice(error.message); }
        });
        main.querySelectorAll("button[data-action]").forEach((button) => {
          button.addEventListener("click", async () => {
            try {
              switch (button.dataset.action) {
                case "star":
                  await send("POST", base + "/api/entries/" + id + "/header", { starred: button.dataset.starred !== "true" });
                  await swap(location.href, true);
                  break;
                case "edit":
                  document.getElementById("editor").classList.toggle("hidden");
                  break;
                case "share": {
                  const response = await fetch(base + "/api/entries/" + id + "/share?format=" + button.dataset.format, { credentials: "same-origin" })
                    .catch(() => { throw new Error(say("unreachable")); });
                  if (!response.ok) throw new Error((await response.text()).trim() || response.statusText);
                  await share(await response.text(), article.querySelector("h1").textContent);
                  break;
                }
                case "photos":
                  article.querySelector("input[name=photos]").click();
                  break;
                case "untag":
                  await send("POST", base + "/api/entries/" + id + "/header", { tags: ["-" + button.dataset.tag] });
                  await swap(location.href, true);
                  break;
                case "delete":
                  if (!confirm(say("confirmDelete"))) return;
                  await send("DELETE", base + "/api/entries/" + id);
                  // The deleted entry's page: its last version, and a button that brings it back.
                  location.href = base + "/entry/" + id;
                  break;
                case "restore":
                  await send("POST", base + "/api/entries/" + id + "/restore", button.dataset.revision ? { revision: button.dataset.revision } : {});
                  notice(say("restored"));
                  location.href = base + "/entry/" + id;
                  break;
              }
            } catch (error) { notice(error.message); }
          });
        });
      }

      // What is typed is kept on the server as it is typed (every two seconds of quiet, and when the page is
      // hidden), as the diary apps autosave: a reload, a closed tab or a restart of the server loses nothing,
      // and nothing typed is kept in this browser, where another program that took this address could read
      // it. Before anything typed leaves the page, the server proves it is this run's (`proven`). A kept
      // draft is offered when the page opens, and taken up only when asked. An edit's draft keeps the version
      // it started from (its tag) and is saved over that version: a change made since is merged, or the save
      // refused (412), as the server says.
      const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
      async function proven() {
        const proof = document.body.dataset.proof;
        if (!proof || !window.crypto || !crypto.subtle) return false;
        const nonce = hex(crypto.getRandomValues(new Uint8Array(16)));
        try {
          const response = await fetch(base + "/api/prove?n=" + nonce, { credentials: "same-origin", cache: "no-store" });
          if (!response.ok) return false;
          const answer = await response.json();
          const wanted = hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(proof + ":" + nonce)));
          return answer.proof === wanted;
        } catch (error) { return false; }
      }

      function wireEditor(form) {
        form.dataset.wired = "1";
        const id = form.dataset.id;
        const key = id || "new";
        const box = form.elements["text"];
        const note = form.parentElement.querySelector("p.draft");
        const status = form.querySelector(".kept");
        let base0 = form.dataset.tag;
        // A draft keeps the other fields too: a new entry's category, tags and date; an entry's header.
        const names = (id ? ["header"] : ["category", "tags", "date"]).filter((name) => form.elements[name]);
        const fields = () => { const out = {}; for (const name of names) out[name] = form.elements[name].value; return out; };
        const differs = (draft) => draft.text !== box.value || names.some((name) => (draft.fields[name] || "") !== form.elements[name].value);
        const say2 = (text, time) => text.replace("{0}", new Date(time).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }));
        let kept = null;
        let dirty = false;
        let timer;
        async function keep() {
          clearTimeout(timer);
          if (!dirty) return;
          if (!(await proven())) {
            if (status) status.textContent = say("notKept");
            return;
          }
          try {
            await send("PUT", base + "/api/drafts/" + key, { text: box.value, fields: fields(), base: base0 });
            dirty = false;
            if (status) status.textContent = say2(say("keptAt"), Date.now());
          } catch (error) {
            if (status) status.textContent = say("notKept");
          }
        }
        const typed = () => {
          dirty = true;
          clearTimeout(timer);
          timer = setTimeout(keep, 2000);
        };
        form.addEventListener("input", typed);
        form.addEventListener("change", typed);
        document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") keep(); });
        // A kept draft, offered.
        fetch(base + "/api/drafts/" + key, { credentials: "same-origin", cache: "no-store" }).then(async (response) => {
          if (!response.ok || !note) return;
          const draft = await response.json();
          if (!draft || typeof draft.text !== "string" || !differs(Object.assign({ fields: {} }, draft))) return;
          kept = draft;
          note.querySelector("span").textContent = say2(say("draftKept"), draft.saved);
          note.classList.remove("hidden");
        }).catch(() => {});
        if (note) note.addEventListener("click", async (event) => {
          const choice = event.target.dataset && event.target.dataset.draft;
          if (choice === "open" && kept) {
            box.value = kept.text;
            for (const name of names) if (kept.fields && typeof kept.fields[name] === "string") form.elements[name].value = kept.fields[name];
            if (id) base0 = kept.base || base0;
            const header = form.elements["header"];
            if (header && header.value !== header.defaultValue) header.closest("details").open = true;
            form.classList.remove("hidden");
            note.querySelector("span").textContent = id && base0 !== form.dataset.tag ? say("draftOlder") : say("draftOpened");
            note.querySelector("[data-draft=open]").classList.add("hidden");
            box.focus();
          } else if (choice === "discard") {
            try { await send("DELETE", base + "/api/drafts/" + key); } catch (error) { /* already gone */ }
            location.reload();
          }
        });
        // Photos for a new entry: each checked against the limit, shown, sent once the entry is saved; a JPEG's
        // date and place offered for the entry (the writer sees them, and takes them or not).
        let chosen = [];
        let place = null;
        const picker = form.elements["photos"];
        const offers = form.querySelector(".offers");
        if (picker) picker.addEventListener("change", async () => {
          const list = form.querySelector(".chosen");
          for (const file of [...picker.files]) {
            if (file.size > limit) {
              notice(say("tooLarge").replace("{0}", file.name).replace("{1}", String(limit >> 20)), true);
              continue;
            }
            chosen.push(file);
            const item = document.createElement("li");
            const picture = document.createElement("img");
            picture.alt = file.name;
            picture.src = URL.createObjectURL(file);
            item.append(picture);
            list.append(item);
          }
          picker.value = "";
          const first = chosen.find((file) => /jpe?g$/i.test(file.name) || file.type === "image/jpeg");
          if (!first || !offers) return;
          const exif = readExif(new Uint8Array(await first.arrayBuffer()));
          offers.replaceChildren();
          if (exif && exif.dateTimeOriginal) {
            const when = exif.dateTimeOriginal.replace("T", " ").slice(0, 16);
            offer(say("photoDate").replace("{0}", when), () => { form.elements["date"].value = exif.dateTimeOriginal.replace("T", " ") + (exif.offset || ""); });
          }
          if (exif && exif.latitude !== null) {
            const where = exif.latitude.toFixed(4) + ", " + exif.longitude.toFixed(4);
            offer(say("photoPlace").replace("{0}", where), () => { place = { latitude: exif.latitude, longitude: exif.longitude }; });
          }
        });
        function offer(text, take) {
          const line = document.createElement("p");
          const words = document.createElement("span");
          words.textContent = text + " ";
          const yes = document.createElement("button");
          yes.type = "button";
          yes.textContent = say("use");
          yes.addEventListener("click", () => { take(); line.classList.add("taken"); yes.disabled = true; yes.textContent = say("used"); });
          line.append(words, yes);
          offers.append(line);
        }

        form.addEventListener("submit", async (event) => {
          event.preventDefault();
          // One save at a time: a second click while the first is on its way writes nothing twice.
          const button = form.querySelector("button[type=submit]");
          if (button.disabled) return;
          button.disabled = true;
          clearTimeout(timer);
          const problem = form.querySelector(".problem");
          problem.textContent = "";
          const header = form.elements["header"];
          const text = (header ? header.value : "") + box.value;
          const body = { text: box.value, draft: key };
          if (!id) {
            const value = (name) => (form.elements[name] && form.elements[name].value.trim()) || "";
            if (value("category")) body.category = value("category");
            if (value("tags")) body.tags = value("tags").split(/[\s,]+/).filter(Boolean);
            if (value("date")) body.date = value("date");
            if (place) body.location = place;
          }
          try {
            let response;
            if (id) {
              response = await send("PUT", base + "/api/entries/" + id, { text: text, draft: key }, { "If-Match": '"' + base0 + '"' });
            } else {
              response = await send("POST", base + "/api/entries", body);
            }
            const entry = await response.json();
            for (const file of chosen) await upload(entry.id, file);
            dirty = false;
            // What the server had to say of the new entry (a weather lookup that failed), shown on its page.
            const said = response.headers.get("Journal-Notice");
            if (said) sessionStorage.setItem("journal.notice", decodeURIComponent(said));
            location.href = base + "/entry/" + entry.id;
          } catch (error) {
            // No connection, over HTTPS: kept on this phone, with the time it was written and the version it
            // started from, and sent once the server answers (exactly once: its key).
            if (error.offline && keepsOffline) {
              const written = localTime(new Date());
              if (!body.date) body.date = written;
              await keepWrite({ key: crypto.randomUUID(), kind: id ? "edit" : "new", id: id || null, base: base0, text: text, body: body,
                                photos: chosen, written: written, title: box.value.split("\n")[0].slice(0, 60) });
              dirty = false;
              notice(say("queued"), true);
              if (!id) {
                form.reset();
                form.querySelector(".chosen").replaceChildren();
                if (offers) offers.replaceChildren();
                chosen = [];
                place = null;
              }
              showOutbox();
              button.disabled = false;
              return;
            }
            // Deleted meanwhile: said so; the text stays kept on the server, and comes back once the entry is restored.
            problem.textContent = id && error.status === 404 ? say("deleted") : error.message;
            dirty = true;
            keep();
            // Refused as changed on disk: the draft stays, and may be dropped for the entry as it is now.
            if (error.status === 412 && note) {
              note.querySelector("span").textContent = say("draftOlder");
              note.classList.remove("hidden");
            }
            button.disabled = false;
          }
        });
      }

      // The largest file a page sends (a photo), as the server says it.
      const limit = Number(document.body.dataset.uploadLimit || 26214400);

      async function upload(id, file, key) {
        if (file.size > limit) throw new Error(say("tooLarge").replace("{0}", file.name).replace("{1}", String(limit >> 20)));
        const headers = { "X-CSRF-Token": csrf, "Content-Type": file.type || "application/octet-stream" };
        if (key) headers["Idempotency-Key"] = key;
        let response;
        try {
          response = await fetch(base + "/api/entries/" + id + "/attachments?name=" + encodeURIComponent(file.name || "photo.jpg"),
                                 { method: "POST", credentials: "same-origin", headers: headers, body: file });
        } catch (error) {
          const unreachable = new Error(say("unreachable"));
          unreachable.offline = true;
          throw unreachable;
        }
        if (!response.ok) {
          const error = new Error((await response.text()).trim() || response.statusText);
          error.status = response.status;
          throw error;
        }
      }

      // A JPEG's Exif: when it was taken and where (S and W negative); null when it has none.
      function readExif(u8) {
        const view = new DataView(u8.buffer, u8.byteOffset, u8.byteLength);
        try {
          if (view.getUint16(0) !== 0xFFD8) return null;
          for (let p = 2; p + 4 <= view.byteLength; ) {
            if (view.getUint8(p) !== 0xFF) return null;
            const marker = view.getUint8(p + 1);
            if (marker === 0xFF) { p++; continue; }
            if (marker === 0xDA || marker === 0xD9) return null;
            if (marker === 0x01 || (marker >= 0xD0 && marker <= 0xD7)) { p += 2; continue; }
            const length = view.getUint16(p + 2);
            if (marker === 0xE1 && length >= 16 && view.getUint32(p + 4) === 0x45786966 && view.getUint16(p + 8) === 0) {
              return tiff(view, p + 10, Math.min(p + 2 + length, view.byteLength));
            }
            p += 2 + length;
          }
        } catch (error) { if (!(error instanceof RangeError)) throw error; }
        return null;
      }
      function tiff(view, t, end) {
        const order = view.getUint16(t);
        if (order !== 0x4949 && order !== 0x4D4D) return null;
        const le = order === 0x4949;
        const u16 = (o) => view.getUint16(t + o, le), u32 = (o) => view.getUint32(t + o, le);
        if (u16(2) !== 42) return null;
        const sizes = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8, 13: 4 };
        const seen = new Set();
        const ifd = (offset) => {
          const tags = new Map();
          if (!offset || seen.has(offset) || t + offset + 2 > end) return tags;
          seen.add(offset);
          const count = u16(offset);
          for (let i = 0; i < count && t + offset + 14 + 12 * i <= end; i++) {
            const e = offset + 2 + 12 * i, type = u16(e + 2), n = u32(e + 4), size = (sizes[type] || 0) * n;
            const at = size <= 4 ? e + 8 : u32(e + 8);
            if (sizes[type] && t + at + size <= end) tags.set(u16(e), { type: type, count: n, at: at });
          }
          return tags;
        };
        const ascii = (v) => {
          if (!v || v.type !== 2) return null;
          let text = "";
          for (let i = 0; i < v.count; i++) { const c = view.getUint8(t + v.at + i); if (c === 0) break; text += String.fromCharCode(c); }
          return text.trim() || null;
        };
        const pointer = (v) => v && (v.type === 4 || v.type === 13) && v.count === 1 ? u32(v.at) : 0;
        const degrees = (v) => {
          if (!v || (v.type !== 5 && v.type !== 10) || v.count < 3) return null;
          const r = (i) => { const n = u32(v.at + 8 * i), d = u32(v.at + 8 * i + 4); return d ? n / d : NaN; };
          const x = r(0) + r(1) / 60 + r(2) / 3600;
          return Number.isFinite(x) ? x : null;
        };
        const first = ifd(u32(4));
        const exif = ifd(pointer(first.get(0x8769)));
        const gps = ifd(pointer(first.get(0x8825)));
        const raw = ascii(exif.get(0x9003)) || ascii(first.get(0x0132));
        const m = raw && /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(raw);
        const signed = (value, ref, negative) => value === null ? null : ((ascii(ref) || "").toUpperCase() === negative ? -value : value);
        let latitude = signed(degrees(gps.get(2)), gps.get(1), "S");
        let longitude = signed(degrees(gps.get(4)), gps.get(3), "W");
        if (latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) latitude = longitude = null;
        return { dateTimeOriginal: m && m[1] !== "0000" ? m[1] + "-" + m[2] + "-" + m[3] + "T" + m[4] + ":" + m[5] + ":" + m[6] : null,
                 offset: ascii(exif.get(0x9011)), latitude: latitude, longitude: longitude };
      }

      // This moment as a diary dates it: local time with its offset (2026-11-28 13:05:00+09:00).
      function localTime(date) {
        const pad = (n) => String(n).padStart(2, "0");
        const offset = -date.getTimezoneOffset();
        return date.getFullYear() + "-" + pad(date.getMonth() + 1) + "-" + pad(date.getDate()) + " " + pad(date.getHours()) + ":" +
          pad(date.getMinutes()) + ":" + pad(date.getSeconds()) + (offset >= 0 ? "+" : "-") + pad(Math.floor(Math.abs(offset) / 60)) + ":" +
          pad(Math.abs(offset) % 60);
      }

      // Writes made with no connection wait here (IndexedDB), over HTTPS only (an origin the server's key
      // proves), survive a reload and a closed browser, and are sent once the server answers: each with its key,
      // so that it is committed once however often it is sent; an edit with the version it started from, merged
      // as any edit is, or, where it clashes, kept on the server as a draft of that entry. Never lost.
      const keepsOffline = location.protocol === "https:" && "indexedDB" in window && window.crypto && "randomUUID" in crypto;
      function outbox(mode, work) {
        return new Promise((resolve, reject) => {
          const opening = indexedDB.open("journal", 1);
          opening.onupgradeneeded = () => opening.result.createObjectStore("outbox", { keyPath: "key" });
          opening.onerror = () => reject(opening.error);
          opening.onsuccess = () => {
            const transaction = opening.result.transaction("outbox", mode);
            const asked = work(transaction.objectStore("outbox"));
            transaction.oncomplete = () => { opening.result.close(); resolve(asked ? asked.result : undefined); };
            transaction.onerror = () => { opening.result.close(); reject(transaction.error); };
          };
        });
      }
      const waitingWrites = () => keepsOffline ? outbox("readonly", (store) => store.getAll()) : Promise.resolve([]);
      const keepWrite = (item) => outbox("readwrite", (store) => store.put(item));
      const dropWrite = (key) => outbox("readwrite", (store) => store.delete(key));

      async function showOutbox() {
        const line = document.getElementById("outbox");
        if (!line) return;
        const items = await waitingWrites().catch(() => []);
        const stuck = items.filter((item) => item.error);
        if (!items.length && (navigator.onLine || !keepsOffline)) {
          line.classList.add("hidden");
          return;
        }
        let text = navigator.onLine ? say("sending").replace("{0}", items.length) : say("offlineWaiting").replace("{0}", items.length);
        if (stuck.length) text += " · " + say("notSent").replace("{0}", stuck[0].title).replace("{1}", stuck[0].error);
        line.textContent = text;
        line.classList.remove("hidden");
      }

      let flushing = false;
      async function flush() {
        if (flushing || !keepsOffline) return;
        flushing = true;
        try {
          const items = (await waitingWrites()).filter((item) => !item.error).sort((a, b) => a.written.localeCompare(b.written));
          for (const item of items) {
            try {
              if (item.kind === "new") {
                const response = await send("POST", base + "/api/entries", item.body, { "Idempotency-Key": item.key });
                item.id = (await response.json()).id;
              } else {
                await send("PUT", base + "/api/entries/" + item.id, { text: item.text, draft: item.id }, { "If-Match": '"' + item.base + '"' });
              }
              for (let i = 0; i < (item.photos || []).length; i++) await upload(item.id, item.photos[i], item.key + ":" + i);
              await dropWrite(item.key);
            } catch (error) {
              if (error.offline) break;
              if (error.status === 412 && item.kind === "edit") {
                // Changed meanwhile in the same words: kept on the server as a draft of the entry, offered on its page.
                await send("PUT", base + "/api/drafts/" + item.id, { text: item.text, fields: {}, base: item.base });
                await dropWrite(item.key);
                notice(say("keptAsDraft"), true);
              } else {
                item.error = error.message;
                await keepWrite(item);
              }
            }
          }
        } catch (error) {
          console.warn(error);
        } finally {
          flushing = false;
          showOutbox();
        }
      }
      if (keepsOffline) {
        window.addEventListener("online", () => { showOutbox(); flush(); });
        window.addEventListener("offline", showOutbox);
        setInterval(() => { if (navigator.onLine) flush(); }, 20000);
        showOutbox();
        flush();
        // The app's pages kept for reading offline (the service worker keeps the last 200 entries).
        if ("serviceWorker" in navigator) {
          navigator.serviceWorker.register(base + "/sw.js").then(() => navigator.serviceWorker.ready)
            .then((ready) => { if (ready.active) ready.active.postMessage("keep"); }).catch((error) => console.warn(error));
        }
      }

      // The server's own sync (`serve.sync`): when it last synced, why it cannot, the copies a conflict made.
      function ago(ms) {
        const words = new Intl.RelativeTimeFormat(document.documentElement.lang, { numeric: "auto" });
        const seconds = (ms - Date.now()) / 1000;
        if (Math.abs(seconds) < 60) return words.format(Math.round(seconds), "second");
        if (Math.abs(seconds) < 3600) return words.format(Math.round(seconds / 60), "minute");
        return words.format(Math.round(seconds / 3600), "hour");
      }
      async function showSync(status) {
        const line = document.getElementById("sync");
        if (!line) return;
        if (!status) {
          try {
            const response = await fetch(base + "/api/sync", { credentials: "same-origin", cache: "no-store" });
            if (!response.ok) return;
            status = await response.json();
          } catch (error) { return; }
        }
        if (!status.on) { line.classList.add("hidden"); return; }
        line.replaceChildren(status.failure ? say("syncFailed").replace("{0}", status.failure)
          : status.last ? say("syncedAgo").replace("{0}", ago(status.last)) : say("syncSoon"));
        for (const copy of status.conflicts || []) {
          const link = document.createElement("a");
          link.href = base + "/entry/" + copy.id;
          link.textContent = say("conflictCopy").replace("{0}", copy.title);
          line.append(" · ", link);
        }
        line.classList.remove("hidden");
      }
      showSync();
      setInterval(() => showSync(), 60000);

      // Live: the page follows the files (an editor, a sync, another window) without a reload.
      if ("EventSource" in window) {
        const events = new EventSource(base + "/api/events");
        events.addEventListener("sync", (event) => { try { showSync(JSON.parse(event.data)); } catch (error) { showSync(); } });
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
