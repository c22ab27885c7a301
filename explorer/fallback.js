// Runs right after Apollo Sandbox's script tag on the landing page. When that script could not load
// (offline laptop, air-gapped network, a proxy or CSP that blocks Apollo's CDN), the page switches
// to GraphiQL served by the gateway itself.
(function () {
  if (window.EmbeddedSandbox) return;
  var base = document.currentScript.src.replace(/fallback\.js(\?.*)?$/, '');
  var offline = document.querySelector('.fallback');
  if (offline) offline.remove();
  var sandbox = document.getElementById('embeddableSandbox');
  if (sandbox) sandbox.remove();
  var root = document.createElement('div');
  root.id = 'graphiql-root';
  root.style.height = '100vh';
  document.body.appendChild(root);
  var css = document.createElement('link');
  css.rel = 'stylesheet';
  css.href = base + 'app.css';
  document.head.appendChild(css);
  var app = document.createElement('script');
  app.src = base + 'app.js';
  document.body.appendChild(app);
})();
