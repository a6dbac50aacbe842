import Foundation
import JournalKit

extension Assets {
    /// The app's service worker, registered by the pages over HTTPS only (an origin the server's key proves:
    /// on plain http another program could take the address and read what it keeps). It keeps the app's
    /// style and script, and the pages and entries as they were last fetched, readable with no connection:
    /// the last 200 entries and those of the last 90 days, and whatever was opened. A page is fetched from
    /// the server first (the cache only stands in when there is no answer; the style is in every page); an answer that says the browser
    /// is signed out (401) empties every cache. Writes are never cached: the page keeps them (`outbox`).
    static let serviceWorker = serviceWorkerText.replacingOccurrences(
        of: "journal-shell-VERSION", with: "journal-shell-" + Secret.sha256Hex(script + icon).prefix(12))

    /// The worker, its shell's name to be made from what the shell holds: a journal with another script has
    /// another worker, which a browser installs in place of the old one, and the old shell goes.
    private static let serviceWorkerText = #"""
    "use strict";
    const SHELL = "journal-shell-VERSION";
    const PAGES = "journal-pages";
    const scope = self.registration.scope;
    const at = (path) => new URL(path, scope).href;

    self.addEventListener("install", (event) => {
      event.waitUntil(caches.open(SHELL)
        .then((cache) => cache.addAll(["assets/app.js", "assets/icon.svg", "assets/icon-192.png", "offline"].map(at)))
        .then(() => self.skipWaiting()));
    });

    self.addEventListener("activate", (event) => {
      event.waitUntil(caches.keys()
        .then((names) => Promise.all(names.filter((name) => name.startsWith("journal-shell-") && name !== SHELL).map((name) => caches.delete(name))))
        .then(() => self.clients.claim()));
    });

    // What is never kept: the event stream, the server's proof, drafts (typed text lives on the server), writes.
    const kept = (url) => !/\/api\/(events|prove|drafts\/)/.test(url.pathname) && !url.pathname.endsWith("/sw.js");

    async function forget() {
      for (const name of await caches.keys()) await caches.delete(name);
    }

    self.addEventListener("fetch", (event) => {
      const request = event.request;
      const url = new URL(request.url);
      if (request.method !== "GET" || url.origin !== location.origin || !kept(url)) return;
      if (url.pathname.includes("/assets/")) {
        event.respondWith(caches.match(request).then((found) => found || fetch(request)));
        return;
      }
      event.respondWith((async () => {
        try {
          const response = await fetch(request);
          if (response.status === 401) {
            await forget();
          } else if (response.ok) {
            const copy = response.clone();
            event.waitUntil(caches.open(PAGES).then((cache) => cache.put(request, copy)));
          }
          return response;
        } catch (error) {
          const found = await caches.match(request, { ignoreVary: true });
          if (found) return found;
          if (request.mode === "navigate") return (await caches.match(at("offline"))) || Response.error();
          return Response.error();
        }
      })());
    });

    // The entries kept for reading offline: the last 200, and those of the last 90 days, each page fetched once.
    async function keepRecent() {
      const cache = await caches.open(PAGES);
      const since = new Date(Date.now() - 90 * 86400000).toISOString().slice(0, 10);
      const pages = new Set(["./", "today", "calendar", "new"]);
      for (const query of ["api/entries?n=200", "api/entries?from=" + since]) {
        try {
          const response = await fetch(at(query), { credentials: "same-origin" });
          if (!response.ok) return;
          for (const entry of await response.json()) pages.add("entry/" + entry.id);
        } catch (error) { return; }
      }
      for (const page of pages) {
        const url = at(page);
        if (page.startsWith("entry/") && await cache.match(url)) continue;
        try {
          const response = await fetch(url, { credentials: "same-origin" });
          if (response.status === 401) return forget();
          if (response.ok) await cache.put(url, response);
        } catch (error) { return; }
      }
    }

    self.addEventListener("message", (event) => {
      if (event.data === "forget") event.waitUntil(forget());
      if (event.data === "keep") event.waitUntil(keepRecent());
    });
    """#
}
