// Every page the service serves carries its security headers: a Content-Security-Policy that allows only
// the page's own assets and forbids framing, nosniff, and a referrer policy (issue 17 §7). The browser tests
// (test/browser) hold the policies to what the pages really need: any violation there fails.
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';

const { server } = serverForFile(['acme']);

describe('security headers on every page', () => {
  it.each([
    ['GraphiQL', '/graphql', { accept: 'text/html' }],
    ['the API docs', '/external/api/v1/docs', {}],
    ['the sign-in page', '/settings/sign-in', {}],
    ['a supplier portal link that cannot be used', '/supplier-portal/not-a-token', {}],
    ['a supplier portal link with malformed percent-encoding', '/supplier-portal/%FF%', {}],
  ])('%s', async (_name, path, headers) => {
    const res = await server.call('GET', path, { company: 'acme', headers });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toMatch(/default-src 'none'/);
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(policy).not.toMatch(/script-src[^;]*(\*|https?:|'unsafe-inline'|'unsafe-eval')/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('static assets are not sniffed', async () => {
    const res = await server.call('GET', '/assets/swagger-ui/swagger-ui.css', { company: 'acme' });
    expect(res.status).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the icon browsers ask every page for is there, an ICO of the service\'s own', async () => {
    for (const path of ['/favicon.ico', '/assets/favicon.ico']) {
      const res = await fetch(`http://127.0.0.1:${server.port}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/x-icon');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // ICONDIR: reserved 0, type 1 (icon), one image; its data a PNG.
      const body = Buffer.from(await res.arrayBuffer());
      expect([...body.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
      expect(body.subarray(22, 26).toString('latin1')).toBe('\x89PNG');
    }
  });
});
