// The saved queries GraphiQL opens with, one tab each: the questions support staff ask most. A test runs every
// one against the schema and a company's data (test/graphql/graphiql-examples.test.ts).
export interface GraphiQLExample {
  query: string;
  variables: Record<string, unknown>;
}

export const GRAPHIQL_EXAMPLES: GraphiQLExample[] = [
  {
    query: `# Inventory GraphiQL. Signed in to the settings pages? Your session is used: read-only unless you tick
# "Allow changes" at the bottom right. Otherwise put an API token in the Headers tab below:
#   {"Authorization": "Bearer inv_..."}
# The other tabs hold the questions support staff ask most: change their variables and run them.
{
  viewer { company { slug name } tokenScopes }
  locations(perPage: 5) {
    items { id name parentId isWarehouse }
    meta { total }
  }
}
`,
    variables: {},
  },
  {
    query: `# A SKU's stock by location and lot: on hand, reserved, available and incoming.
query StockOfSku($sku: String!) {
  stock(sku: $sku, perPage: 100) {
    items {
      product { sku name }
      location { id name parentId }
      lot { lotNumber expiryDate }
      quantity
      qtyPending
      qtyAvailable
      qtyIncoming
    }
    meta { total }
  }
}
`,
    variables: { sku: 'SKU-1' },
  },
  {
    query: `# A sales order with its shipments, packages and tracking numbers.
query OrderWithShipments($salesOrderId: Int!) {
  salesOrder(id: $salesOrderId) {
    orderNumber
    status
    orderDate
    total
    currency
    lines { product { sku name } quantity quantityAllocated quantityShipped }
  }
  salesOrderShipments(salesOrderId: $salesOrderId) {
    id
    status
    carrier
    service
    trackingNumber
    shippedAt
    packages { id sscc tracking parentPackageId items { quantity } }
  }
}
`,
    variables: { salesOrderId: 1 },
  },
  {
    query: `# A product's movement history, newest first: every receipt, shipment, adjustment, transfer and count.
query MovementHistory($sku: String!) {
  stockMovements(sku: $sku, perPage: 50) {
    items {
      occurredAt
      quantity
      unitCost
      reason
      sourceType
      sourceId
      lotNumber
      location { id name }
    }
    meta { total }
  }
}
`,
    variables: { sku: 'SKU-1' },
  },
  {
    query: `# A supplier's open purchase orders: submitted, and partly received.
query OpenPurchaseOrders($supplierId: String!) {
  submitted: purchaseOrders(filters: [{ name: "supplier_id", value: $supplierId }, { name: "status", value: "submitted" }], sort: "expected_date") {
    items { ...OpenOrder }
  }
  partlyReceived: purchaseOrders(filters: [{ name: "supplier_id", value: $supplierId }, { name: "status", value: "partially_received" }], sort: "expected_date") {
    items { ...OpenOrder }
  }
}

fragment OpenOrder on PurchaseOrder {
  poNumber
  status
  orderDate
  expectedDate
  total
  currency
  supplier { name }
  lines { product { sku } quantity quantityReceived quantityOpen }
}
`,
    variables: { supplierId: '1' },
  },
];
