// The location consent page's one script (same origin: /_sl/location.js). Nothing is asked on
// load: it shows the "Share my location" button, and only a press asks the browser. A position
// is sent with the page's grant, then the visitor continues; a refusal, an error or 8 seconds
// without an answer continue at once. Without this script the page's "Continue" link works.
(function () {
  'use strict';
  var share = document.getElementById('share');
  var onward = document.getElementById('continue');
  var status = document.getElementById('status');
  if (!share || !onward || !navigator.geolocation || !window.fetch) return;
  var left = false;
  function go() {
    if (left) return;
    left = true;
    window.location.assign(onward.href);
  }
  share.hidden = false;
  share.addEventListener('click', function () {
    share.disabled = true;
    status.textContent = 'Asking your browser\u2026';
    var waiting = setTimeout(go, 8000);
    navigator.geolocation.getCurrentPosition(function (position) {
      clearTimeout(waiting);
      status.textContent = 'Thank you. Continuing\u2026';
      var c = position.coords;
      fetch('/_sl/location', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          token: share.getAttribute('data-token'),
          latitude: c.latitude,
          longitude: c.longitude,
          accuracy: c.accuracy
        }),
        credentials: 'omit',
        keepalive: true
      }).then(go, go);
      setTimeout(go, 2000);
    }, function () {
      clearTimeout(waiting);
      go();
    }, { enableHighAccuracy: false, timeout: 8000, maximumAge: 60000 });
  });
})();
