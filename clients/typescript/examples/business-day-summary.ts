// What runBusinessDay (business-day.ts) reports. Plain types with no import of the generated schema, so code
// that reads a summary (the test of the client) type-checks without it.

/** A package as read back: its items, and the packages inside it, to any depth. */
export interface PackageTree {
  id: number;
  sscc: string;
  package_type: string | null;
  items: Array<{ order_item_id: number; quantity: number }>;
  child_packages: PackageTree[];
}

export interface BusinessDaySummary {
  warehouseId: number;
  channelId: number;
  supplierId: number;
  customerId: number;
  products: Array<{ id: number; sku: string }>;
  purchaseOrder: { id: number; poNumber: string; status: string; receivingReportId: number; received: Array<{ productId: number; quantity: number }> };
  salesOrder: { id: number; orderNumber: string; statusAfterConfirm: string; status: string; lines: Array<{ id: number; productId: number; quantity: number; unitPrice: number }> };
  fulfillmentOrder: { id: number; status: string };
  picklist: { id: number; status: string; picked: number };
  shipment: { id: number; status: string; packages: PackageTree[] };
  invoice: { id: number; number: string; status: string; subtotal: number; taxTotal: number; total: number };
}

export type Log = (line: string) => void;
