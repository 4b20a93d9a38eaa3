// Service worker: keeps the page's files so a reload works offline too (network first).
// SPDX-License-Identifier: MIT
//
// python -m tools.web writes the build's file list and version in for @FILES@ and @VERSION@.
// Every request still goes to the network first (a new build is seen at once); only when
// the network fails does the cached copy answer, so a page once loaded starts again offline.

const CACHE = "pocket-yatzy-@VERSION@";
const FILES = @FILES@;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(req).catch(async () => {
      const cache = await caches.open(CACHE);
      // the page itself under any address query (?seed=5 ...): the cached index.html
      const hit = await cache.match(req, { ignoreSearch: req.mode === "navigate" });
      return hit || (req.mode === "navigate" ? cache.match("./") : Response.error());
    }),
  );
});
