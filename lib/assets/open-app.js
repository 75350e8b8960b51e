// The page that tries an app link (lib/templates/redirect/open_app.html). It opens the app at
// once; if this page is still in front 1.5 s later the app did not open, so the browser goes on
// to the fallback (replacing this page, so Back does not land here again). Without this script
// the page's two links do the same by hand.
(function () {
  "use strict";
  const app = document.getElementById("open-app");
  const fallback = document.getElementById("app-fallback");
  if (!app || !fallback) {
    return;
  }
  let left = false;
  window.addEventListener("pagehide", function () {
    left = true;
  });
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      left = true;
    }
  });
  window.setTimeout(function () {
    if (!left && !document.hidden) {
      window.location.replace(fallback.href);
    }
  }, 1500);
  window.location.href = app.href;
})();
