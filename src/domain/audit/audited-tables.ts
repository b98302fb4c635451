// Which company-owned tables the audit log leaves out, and why. Every other company-owned table carries the audit
// triggers (prisma/migrations/20261123064345_audit_log_and_rate_limits); test/db/audit-triggers.test.ts holds the
// database to this list, so a new table is either audited (its migration adds the triggers) or named here.
export const NOT_AUDITED: Readonly<Record<string, string>> = {
  AuditLogEntry: 'the audit log itself',
  RateLimitCounter: 'request counters, not business data',
  ProductStatusCount: 'derived from the products: how many a company has in each status',
  IdempotencyKey: 'stored responses of retried requests',
  SettingsSession: 'sign-in sessions of the settings pages',
  StockMovement: 'the ledger: append-only, each movement names the document that made it, which is audited',
  StockBalance: 'derived from the movements',
  CostLayer: 'FIFO valuation state, derived by posting the audited documents',
  CostLayerConsumption: 'FIFO valuation state, derived by posting the audited documents',
  DocumentSequence: 'number counters of documents',
  Job: 'the work queue',
  Import: 'the progress of an import job; the records an import changes are audited',
  ImportFileChunk: 'the uploaded file',
  ImportRowError: 'what an import could not apply',
  Event: 'the outbox of events: itself a record of changes',
  WebhookDelivery: 'delivery attempts of events',
  ForecastWarehouseRow: 'derived forecast data, rebuilt by its job',
  WorkOrderStatusEvent: "itself the history of a work order's status",
};

/** The trigger names every audited table has (a table without an id column: insert and delete only). */
export const AUDIT_TRIGGERS = ['audit_insert', 'audit_update', 'audit_delete'] as const;
