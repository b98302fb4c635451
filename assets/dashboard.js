// The live dashboard's script (/dashboard, src/http/dashboard-page.ts). Plain DOM, no framework.
// It asks GET /graphql/session for the session's CSRF token, reads the products, warehouses and open sales
// orders with GraphQL queries, then keeps both tables current from two subscriptions over Server-Sent Events,
// opened with fetch() (EventSource cannot send the X-CSRF-Token header): stockLevels (the current levels first,
// then again on change) and documentChanged(type: SALES_ORDER) (each change with the order's new status).
(function () {
  'use strict';
  var OPEN_STATUSES = ['draft', 'confirmed', 'partially_shipped'];
  var RETRY_MS = 2000;
  var csrfToken = null;

  var statusLine = document.getElementById('dashboard-status');
  var stockBox = document.getElementById('stock');
  var ordersBody = document.querySelector('#orders tbody');
  var requested = (document.getElementById('dashboard-config').dataset.products || '')
    .split(',').filter(Boolean).map(Number);

  function say(text) { statusLine.textContent = text; }

  function headers(extra) {
    return Object.assign({ 'content-type': 'application/json', 'x-csrf-token': csrfToken }, extra || {});
  }

  /** A query: its data, or an Error with the first message. */
  function query(text, variables) {
    return fetch('/graphql', {
      method: 'POST', credentials: 'same-origin', headers: headers({ accept: 'application/json' }),
      body: JSON.stringify({ query: text, variables: variables || {} }),
    }).then(function (r) { return r.json(); }).then(function (answer) {
      if (answer.errors && answer.errors.length) throw new Error(answer.errors[0].message);
      return answer.data;
    });
  }

  /**
   * A subscription over SSE: onData(payload.data) for each `next` event; onEnd() once the stream ends or fails
   * (after an error payload too); onOpen() once the stream is answered. The answer's abort() stops it.
   */
  function subscribe(text, variables, onData, onEnd, onOpen) {
    var controller = new AbortController();
    fetch('/graphql', {
      method: 'POST', credentials: 'same-origin', signal: controller.signal,
      headers: headers({ accept: 'text/event-stream' }),
      body: JSON.stringify({ query: text, variables: variables || {} }),
    }).then(function (response) {
      if (!response.ok || !response.body) throw new Error('subscription refused (' + response.status + ')');
      if (onOpen) onOpen();
      var reader = response.body.getReader();
      var decoder = new TextDecoder();
      var buffer = '';
      function pump() {
        return reader.read().then(function (chunk) {
          if (chunk.done) return;
          buffer += decoder.decode(chunk.value, { stream: true }).replace(/\r\n/g, '\n');
          var end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            frame(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
          return pump();
        });
      }
      return pump();
    }).catch(function (error) {
      if (!controller.signal.aborted) say('Live updates interrupted: ' + error.message);
    }).then(function () {
      if (!controller.signal.aborted) onEnd();
    });

    function frame(message) {
      var event = 'message';
      var data = [];
      message.split('\n').forEach(function (line) {
        if (line.indexOf('event:') === 0) event = line.slice(6).trim();
        else if (line.indexOf('data:') === 0) data.push(line.slice(5).replace(/^ /, ''));
      });
      if (event !== 'next' || data.length === 0) return;
      var payload = JSON.parse(data.join('\n'));
      if (payload.errors && payload.errors.length) say('Live updates refused: ' + payload.errors[0].message);
      else if (payload.data) onData(payload.data);
    }
    return controller;
  }

  /** Opens `open()` again RETRY_MS after its stream ended. */
  function keepOpen(open) {
    open(function () { setTimeout(function () { keepOpen(open); }, RETRY_MS); });
  }

  /** The page's `data-live` attribute lists the streams answered (for whoever waits for the page to be live). */
  function markLive(name) {
    return function () {
      var live = (document.body.dataset.live || '').split(' ').filter(Boolean);
      if (live.indexOf(name) < 0) live.push(name);
      document.body.dataset.live = live.sort().join(' ');
      if (live.length === 2 || (live.length === 1 && products.length === 0)) say('Live: updated as changes are committed.');
    };
  }

  function cell(tag, text, attrs) {
    var el = document.createElement(tag);
    if (text !== undefined) el.textContent = text;
    Object.keys(attrs || {}).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    return el;
  }


  // ---- Stock per warehouse -------------------------------------------------------------------------------
  var products = [];            // [{id, name, sku}]
  var locations = {};           // location id → {id, name, warehouseId, warehouseName}
  var levels = {};              // product id → {warehouse id → {onhand, available}}

  function readLocations(page) {
    return query('query DashboardLocations($page: Int) { locations(page: $page, perPage: 100, sort: "id") { items { id name parentId parent { name } } meta { lastPage } } }', { page: page })
      .then(function (data) {
        data.locations.items.forEach(remember);
        if (page < data.locations.meta.lastPage && page < 20) return readLocations(page + 1);
      });
  }

  function remember(l) {
    locations[l.id] = { id: l.id, name: l.name, warehouseId: l.parentId || l.id, warehouseName: l.parentId ? (l.parent && l.parent.name) : l.name };
  }

  function readProducts() {
    if (requested.length === 0) {
      return query('query DashboardProducts { products(perPage: 5, sort: "id") { items { id name sku } } }')
        .then(function (data) { return data.products.items; });
    }
    // One query each: a product that does not exist (or no longer) is left out rather than failing the rest.
    return Promise.all(requested.map(function (id) {
      return query('query DashboardProduct($id: Int!) { product(id: $id) { id name sku } }', { id: id })
        .then(function (data) { return data.product; }, function () { return null; });
    })).then(function (found) { return found.filter(Boolean); });
  }

  // The server sends each warehouse's totals (summed exactly, available from the sums): shown as sent.
  function onStockLevels(data) {
    var l = data.stockLevels;
    var unknown = l.warehouses.filter(function (row) { return !locations[row.warehouseId]; });
    var ready = unknown.length === 0 ? Promise.resolve() : Promise.all(unknown.map(function (row) {
      return query('query DashboardLocation($id: Int!) { location(id: $id) { id name parentId parent { name } } }', { id: row.warehouseId })
        .then(function (d) { remember(d.location); }, function () {});
    }));
    ready.then(function () {
      var perWarehouse = {};
      l.warehouses.forEach(function (row) { perWarehouse[row.warehouseId] = { onhand: row.qtyOnhand, available: row.qtyAvailable }; });
      levels[l.productId] = perWarehouse;
      renderStock();
    });
  }

  function renderStock() {
    var seen = {};
    Object.keys(levels).forEach(function (p) { Object.keys(levels[p]).forEach(function (w) { seen[w] = true; }); });
    var warehouses = Object.keys(seen).map(Number).sort(function (a, b) { return a - b; });
    var table = cell('table', undefined, { id: 'stock-table', 'aria-labelledby': 'stock-heading' });
    var head = cell('tr');
    head.appendChild(cell('th', 'Product'));
    warehouses.forEach(function (w) { head.appendChild(cell('th', locations[w] ? locations[w].warehouseName : 'Location ' + w, { 'data-warehouse-id': w })); });
    table.appendChild(cell('thead')).appendChild(head);
    var body = table.appendChild(cell('tbody'));
    products.forEach(function (p) {
      var row = cell('tr', undefined, { 'data-product-id': p.id });
      row.appendChild(cell('th', p.name + ' (' + p.sku + ')', { scope: 'row' }));
      warehouses.forEach(function (w) {
        var sum = (levels[p.id] || {})[w];
        var td = cell('td', undefined, { 'data-product-id': p.id, 'data-warehouse-id': w });
        td.appendChild(cell('span', sum ? String(sum.onhand) : '0', { class: 'onhand' }));
        td.appendChild(cell('span', ' (' + (sum ? String(sum.available) : '0') + ')', { class: 'available hint' }));
        row.appendChild(td);
      });
      body.appendChild(row);
    });
    if (products.length === 0) body.appendChild(cell('tr')).appendChild(cell('td', 'No products.'));
    else if (warehouses.length === 0) body.appendChild(cell('tr')).appendChild(cell('td', 'No stock at any warehouse.', { colspan: 2 }));
    stockBox.replaceChildren(table);
  }

  function watchStock() {
    renderStock();
    if (products.length === 0) return;
    var ids = products.map(function (p) { return p.id; });
    keepOpen(function (ended) {
      subscribe('subscription DashboardStock($ids: [Int!]!) { stockLevels(productIds: $ids) { productId warehouses { warehouseId qtyOnhand qtyAvailable } } }',
        { ids: ids }, onStockLevels, ended, markLive('stock'));
    });
  }

  // ---- Open sales orders by status -----------------------------------------------------------------------
  var counts = {};              // status → number of orders
  var orderStatus = {};         // order id → status, for the orders read or announced

  /** Exact counts (each status's total), and the ids of up to 100 orders of each. */
  function readOrders() {
    var fields = OPEN_STATUSES.map(function (s) {
      return s + ': salesOrders(filters: [{ name: "status", value: "' + s + '" }], perPage: 100, sort: "-id") { items { id status } meta { total } }';
    }).join(' ');
    return query('query DashboardOrders { ' + fields + ' }').then(function (data) {
      OPEN_STATUSES.forEach(function (s) {
        counts[s] = data[s].meta.total;
        data[s].items.forEach(function (o) { orderStatus[o.id] = o.status; });
      });
      renderOrders();
    });
  }

  function onOrderChanged(data) {
    var change = data.documentChanged;
    if (!change.salesOrder) return;
    var next = change.salesOrder.status;
    var before = orderStatus[change.id];
    orderStatus[change.id] = next;
    if (before === next) return;
    // An order not seen before (a draft made after the page loaded: drafts are not announced) leaves the
    // counts unsure: read them again.
    if (before === undefined) return void readOrders().catch(function (e) { say('Orders could not be read: ' + e.message); });
    if (counts[before] !== undefined) counts[before] = Math.max(0, counts[before] - 1);
    if (counts[next] !== undefined) counts[next] += 1;
    renderOrders();
  }

  function renderOrders() {
    ordersBody.replaceChildren.apply(ordersBody, OPEN_STATUSES.map(function (s) {
      var row = cell('tr', undefined, { 'data-status': s });
      row.appendChild(cell('th', s.replace(/_/g, ' '), { scope: 'row' }));
      row.appendChild(cell('td', String(counts[s] || 0), { class: 'count' }));
      return row;
    }));
  }

  function watchOrders() {
    var first = true;
    keepOpen(function (ended) {
      // After a reconnection the counts are read again: changes made meanwhile were not seen.
      if (!first) readOrders().catch(function () {});
      first = false;
      subscribe('subscription DashboardOrders { documentChanged(type: SALES_ORDER) { id salesOrder { id status } } }', {}, onOrderChanged, ended, markLive('orders'));
    });
  }

  // ---- Start ---------------------------------------------------------------------------------------------
  fetch('/graphql/session', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(function (r) { return r.json(); })
    .then(function (session) {
      if (!session.signed_in) {
        window.location.assign(session.sign_in_url || '/settings/sign-in');
        return;
      }
      csrfToken = session.csrf_token;
      return Promise.all([readLocations(1), readProducts().then(function (found) { products = found; }), readOrders()]).then(function () {
        watchOrders();
        watchStock();
      });
    })
    .catch(function (error) { say('The dashboard could not load: ' + error.message); });
})();
