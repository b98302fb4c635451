// The script GraphiQL's page runs before GraphiQL itself (inlined, so the page's CSP allows it by hash):
// - it asks GET /graphql/session who is signed in to the settings pages, and then adds the session's CSRF
//   token (and, when "Allow changes" is ticked, X-GraphiQL-Access: write) to every /graphql request that
//   carries no Authorization header, so a signed-in user needs no token;
// - without a session or a token, it answers GraphiQL's introspection from GET /graphql/schema.json (public),
//   so the schema and its docs load at once instead of failing with a 401;
// - it shows at the bottom right who is signed in, and the "Allow changes" switch (kept for the browser tab).
export const GRAPHIQL_SESSION_SCRIPT = /* js */ `
(function () {
  var WRITE_KEY = 'inventory-graphiql-allow-changes';
  var realFetch = window.fetch.bind(window);
  var session = realFetch('/graphql/session', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(function (r) { return r.ok ? r.json() : { signed_in: false }; })
    .catch(function () { return { signed_in: false }; });

  function allowChanges() {
    try { return window.sessionStorage.getItem(WRITE_KEY) === 'yes'; } catch (e) { return false; }
  }

  window.fetch = function (input, init) {
    var url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url, window.location.href);
    if (url.origin !== window.location.origin || url.pathname !== '/graphql') return realFetch(input, init);
    return session.then(function (s) {
      var headers = new Headers((init && init.headers) || (input instanceof Request ? input.headers : undefined));
      if (headers.has('authorization')) return realFetch(input, init);
      if (s.signed_in) {
        headers.set('x-csrf-token', s.csrf_token);
        if (allowChanges()) headers.set('x-graphiql-access', 'write');
        return realFetch(input, Object.assign({}, init, { headers: headers, credentials: 'same-origin' }));
      }
      var body = init && typeof init.body === 'string' ? init.body : '';
      if (/"operationName"\\s*:\\s*"IntrospectionQuery"/.test(body)) return realFetch('/graphql/schema.json', { headers: { accept: 'application/json' } });
      return realFetch(input, init);
    });
  };

  function showWho(s) {
    var bar = document.createElement('div');
    bar.id = 'inventory-session';
    bar.setAttribute('role', 'status');
    Object.assign(bar.style, {
      position: 'fixed', right: '16px', bottom: '16px', zIndex: '1000', padding: '4px 10px', borderRadius: '6px',
      font: '12px system-ui, sans-serif', background: 'rgba(255,255,255,0.95)', color: '#222', border: '1px solid #ccc',
      display: 'flex', gap: '10px', alignItems: 'center',
    });
    var who = document.createElement('span');
    if (s.signed_in) {
      who.textContent = 'Signed in as ' + s.user.email + ' (' + s.company.name + ')';
      var label = document.createElement('label');
      var box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = allowChanges();
      box.addEventListener('change', function () {
        try { window.sessionStorage.setItem(WRITE_KEY, box.checked ? 'yes' : 'no'); } catch (e) {}
        mode.textContent = box.checked ? 'mutations run' : 'read-only';
      });
      label.appendChild(box);
      label.appendChild(document.createTextNode(' Allow changes'));
      var mode = document.createElement('strong');
      mode.textContent = box.checked ? 'mutations run' : 'read-only';
      bar.append(who, mode, label);
    } else {
      who.textContent = 'Not signed in: put an API token in Headers ({"Authorization": "Bearer inv_..."}), or ';
      var link = document.createElement('a');
      link.href = s.sign_in_url || '/settings/sign-in';
      link.textContent = 'sign in';
      who.appendChild(link);
      bar.append(who);
    }
    document.body.appendChild(bar);
  }
  session.then(function (s) {
    if (document.body) showWho(s);
    else document.addEventListener('DOMContentLoaded', function () { showWho(s); });
  });
})();
`;
