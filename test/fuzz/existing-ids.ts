// Plain cases name path ids as `#n`: the n-th id (modulo their number) that the collection route above the
// parameter lists right now (GET /work-orders for {workOrderId}, GET /sales-orders/7/shipments for
// {shipmentId}), or 1 to 3 when there is no such list. So a plain request usually names a record that
// exists, and a hostile change reaches past the 404.
import type { Operation } from './openapi-operations.js';
import type { FuzzCase } from './openapi-arbitraries.js';
import { BASE, type Answer, type WireRequest } from './fuzz-server.js';

const FALLBACK = ['1', '2', '3'];

export function existingIdResolver(send: (request: WireRequest) => Promise<Answer>) {
  const lists = new Map<string, Promise<string[]>>();
  const idsAt = (listPath: string) => {
    if (!lists.has(listPath)) {
      lists.set(listPath, send({ method: 'GET', target: `${BASE}${listPath}?per_page=100`, headers: {} }).then((answer) => {
        if (answer.status !== 200) return [];
        const body = JSON.parse(answer.text);
        const items: unknown = Array.isArray(body) ? body : body?.data;
        return Array.isArray(items) ? items.map((item) => item?.id).filter((id) => Number.isInteger(id)).map(String) : [];
      }));
    }
    return lists.get(listPath)!;
  };
  return {
    /** The case with its `#n` path values replaced by ids. */
    async resolve(op: Operation, c: FuzzCase): Promise<FuzzCase> {
      const path = { ...c.path };
      for (const param of op.pathParams) {
        const value = path[param.name];
        if (!value?.startsWith('#')) continue;
        const n = Number(value.slice(1));
        let listPath = op.path.slice(0, op.path.indexOf(`/{${param.name}}`));
        for (const [name, segment] of Object.entries(path)) listPath = listPath.replace(`{${name}}`, segment);
        const ids = listPath.includes('{') ? [] : await idsAt(listPath);
        path[param.name] = (ids.length ? ids : FALLBACK)[n % (ids.length || FALLBACK.length)];
      }
      return { ...c, path };
    },
    /** Lists are read again after a request that changed data. */
    forget: () => lists.clear(),
  };
}
