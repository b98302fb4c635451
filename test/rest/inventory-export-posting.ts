// Test helper of the stock export tests: posts stock changes for a tenant over REST (inventory adjustments)
// and remembers what was posted, so an export can be checked against it (sum per product / location / lot).
import type { Tenant, TestServer } from '../support/test-server.js';

export interface StockLine {
  productId: number;
  locationId: number;
  quantity: number;
  unitCost?: number;
  lotNumber?: string;
  productionDate?: string;
  expiryDate?: string;
}

export class StockPoster {
  /** `${productId}:${locationId}:${lotNumber ?? ''}` → posted sum. */
  readonly posted = new Map<string, number>();
  constructor(private readonly server: TestServer, private readonly tenant: Tenant) {}

  /** Posts the lines as one inventory adjustment through POST /inventory/adjustments (201 expected). */
  async post(lines: StockLine[]): Promise<void> {
    const res = await this.server.call('POST', '/external/api/v1/inventory/adjustments', {
      token: this.tenant.token,
      company: this.tenant.slug,
      body: {
        reason: 'export test',
        lines: lines.map((l) => ({
          product_id: l.productId,
          location_id: l.locationId,
          quantity: l.quantity,
          ...(l.quantity > 0 ? { unit_cost: l.unitCost ?? 1 } : {}),
          ...(l.lotNumber ? { lot_number: l.lotNumber } : {}),
          ...(l.productionDate ? { production_date: l.productionDate } : {}),
          ...(l.expiryDate ? { expiry_date: l.expiryDate } : {}),
        })),
      },
    });
    if (res.status !== 201) throw new Error(`POST /inventory/adjustments answered ${res.status}: ${res.text}`);
    for (const line of lines) this.remember(line);
  }

  private remember(line: StockLine): void {
    const key = `${line.productId}:${line.locationId}:${line.lotNumber ?? ''}`;
    this.posted.set(key, (this.posted.get(key) ?? 0) + line.quantity);
  }

  /** Expected on hand per product → location → {total, lots}. */
  expected(): Map<number, Map<number, { total: number; lots: Map<string, number> }>> {
    const result = new Map<number, Map<number, { total: number; lots: Map<string, number> }>>();
    for (const [key, qty] of this.posted) {
      const [productId, locationId, lotNumber] = key.split(':');
      const locations = result.get(Number(productId)) ?? new Map();
      result.set(Number(productId), locations);
      const loc = locations.get(Number(locationId)) ?? { total: 0, lots: new Map() };
      locations.set(Number(locationId), loc);
      loc.total += qty;
      if (lotNumber) loc.lots.set(lotNumber, (loc.lots.get(lotNumber) ?? 0) + qty);
    }
    return result;
  }
}
