// GET /dashboard (issue 35): live stock per warehouse for a few products and the open sales orders by status, for
// a user signed in to the settings pages (the same session cookie, which is the whole site's: see
// src/settings/paths.ts). The page is a server-rendered shell; its one script (assets/dashboard.js, served by
// static-assets.ts) reads the session's CSRF token from GET /graphql/session, queries /graphql, and keeps the
// tables current from the stockLevels and documentChanged subscriptions over SSE. No inline script: the
// policy allows scripts of this origin only.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { currentUser } from '../settings/current-user.js';
import { escapeHtml, layout, redirect, sendErrorPage, sendPage } from '../settings/html.js';
import { SIGN_IN_PATH } from '../settings/paths.js';
import type { AppServices } from './services.js';
import { ASSETS_PATH } from './static-assets.js';

export const DASHBOARD_PATH = '/dashboard';
export const DASHBOARD_SCRIPT = `${ASSETS_PATH}dashboard.js`;

const POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "connect-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** `?products=1,2,3`: at most 50 ids, as stockLevels takes; anything else is ignored (the page picks the first products). */
export function requestedProductIds(url: URL): number[] {
  const ids = (url.searchParams.get('products') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)].slice(0, 50);
}

function content(productIds: number[]): string {
  return `<h1>Dashboard</h1>
<p id="dashboard-status" class="hint" role="status">Connecting…</p>
<section aria-labelledby="stock-heading">
<h2 id="stock-heading">Stock per warehouse</h2>
<p class="hint">On hand (available) per warehouse, live.</p>
<div id="stock"></div>
</section>
<section aria-labelledby="orders-heading">
<h2 id="orders-heading">Open sales orders by status</h2>
<table id="orders" aria-labelledby="orders-heading"><thead><tr><th>Status</th><th>Orders</th></tr></thead><tbody></tbody></table>
</section>
<div id="dashboard-config" hidden data-products="${escapeHtml(productIds.join(','))}"></div>
<script src="${DASHBOARD_SCRIPT}" defer></script>`;
}

export async function serveDashboard(req: IncomingMessage, res: ServerResponse, url: URL, services: AppServices): Promise<void> {
  req.resume();
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return sendErrorPage(res, 405, 'Method not allowed', 'This page accepts only GET, HEAD.', { headers: { allow: 'GET, HEAD' } });
  }
  const signedIn = await currentUser(req, services);
  if (!signedIn) return redirect(res, SIGN_IN_PATH);
  const header = { email: signedIn.user.email, companyName: signedIn.company.name, csrfToken: signedIn.csrfToken };
  sendPage(res, 200, layout('Dashboard', content(requestedProductIds(url)), header, 'Inventory dashboard'), {
    headers: { 'content-security-policy': POLICY },
  });
}
