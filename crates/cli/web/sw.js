// The static site's service worker: after one visit the page loads and solves with the network
// gone. Every file the page needs is cached when the worker installs; then each request goes to
// the network first (so a new version is seen as soon as it is published) and falls back to the
// cache when the network fails.

const CACHE = "nonogram-site";

const FILES = [
  "./",
  "index.html",
  "style.css",
  "favicon.svg",
  "manifest.webmanifest",
  "icons/icon.svg",
  "icons/icon-192.png",
  "icons/icon-512.png",
  "icons/maskable-512.png",
  "app.js",
  "js/api.js",
  "js/board.js",
  "js/dom.js",
  "js/download.js",
  "js/explain.js",
  "js/history.js",
  "js/library.js",
  "js/lines.js",
  "js/make.js",
  "js/modes.js",
  "js/play.js",
  "js/share.js",
  "js/solve.js",
  "js/state.js",
  "js/store.js",
  "js/today.js",
  "js/worker.js",
  "wasm/nonogram_wasm.js",
  "wasm/nonogram_wasm_bg.wasm",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true }).then((hit) => hit || Response.error())),
  );
});
