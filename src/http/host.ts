// The company named by the request's Host: `acme.example.com` → `acme` when BASE_DOMAIN is example.com.
// A host without a company subdomain (the bare domain, an IP address) names no company.
export function companySlugFromHost(hostHeader: string | undefined, baseDomain: string): string | null {
  if (!hostHeader) return null;
  const host = hostHeader.replace(/:\d+$/, '').toLowerCase().replace(/\.$/, '');
  const suffix = `.${baseDomain}`;
  if (!host.endsWith(suffix)) return null;
  const sub = host.slice(0, -suffix.length);
  if (!sub || sub.includes('.') || sub === 'www') return null;
  return sub;
}
