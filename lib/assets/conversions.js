/* Smart links conversions: keeps the click id (sl_cid) a short link brought to this site, in a
   first-party cookie for the attribution window, and reports events against it:
   <script src="https://<short-domain>/_sl/c.js"></script>
   <script>window.smartlinks && smartlinks.convert('signup');</script>
   Loaded without async, it has run when the next line calls it. A page that loads it async
   queues its events before it instead: window.smartlinks = {q: ['signup']}. */
(function () {
  var days = __WINDOW_DAYS__;
  var script = document.currentScript;
  var origin = script ? new URL(script.src).origin : "";
  var valid = /^[A-Za-z0-9_-]{42}$/;
  var fromUrl = new URLSearchParams(location.search).get("sl_cid");
  if (fromUrl && valid.test(fromUrl)) {
    document.cookie = "sl_cid=" + fromUrl + "; Max-Age=" + days * 86400 + "; Path=/; SameSite=Lax" +
      (location.protocol === "https:" ? "; Secure" : "");
  }
  function clickId() {
    var found = document.cookie.match(/(?:^|;\s*)sl_cid=([A-Za-z0-9_-]{42})/);
    return found ? found[1] : null;
  }
  var queue = (window.smartlinks && window.smartlinks.q) || [];
  window.smartlinks = {
    convert: function (event) {
      var cid = clickId();
      if (!cid || !origin) return false;
      var pixel = new Image(1, 1);
      pixel.src = origin + "/_sl/c?cid=" + cid + "&e=" + encodeURIComponent(event || "lead");
      return true;
    }
  };
  for (var i = 0; i < queue.length; i++) window.smartlinks.convert(queue[i]);
})();
