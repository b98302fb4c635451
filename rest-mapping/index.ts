// Every documented REST route, area by area. The gateway serves them and the OpenAPI document describes them.
import type { RestRoute } from '../src/rest/route.js';
import { bomRoutes } from './boms.js';
import { channelRoutes } from './channels.js';
import { currencyRoutes } from './currencies.js';
import { integrationRoutes } from './integrations.js';
import { inventoryExportRoutes } from './inventory-export.js';
import { inventoryRoutes } from './inventory.js';
import { inventoryReportRoutes } from './inventory-reports.js';
import { transferOrderRoutes } from './inventory-transfers.js';
import { locationRoutes } from './locations.js';
import { productRoutes } from './products.js';
import { payablesRoutes } from './payables.js';
import { payablesReportRoutes } from './payables-reports.js';
import { vendorCreditRoutes } from './vendor-credits.js';
import { vendorReturnRoutes } from './vendor-returns.js';
import { purchasingRoutes } from './purchasing.js';
import { customerRoutes } from './customers.js';
import { pricingRoutes } from './pricing.js';
import { supplierRoutes } from './suppliers.js';
import { unitRoutes } from './units.js';
import { salesOrderRoutes } from './sales-orders.js';
import { purgatoryRoutes } from './purgatory.js';
import { shipmentRoutes } from './shipments.js';

export const restRoutes: RestRoute[] = [...locationRoutes, ...unitRoutes, ...productRoutes, ...bomRoutes, ...supplierRoutes, ...inventoryRoutes, ...inventoryExportRoutes, ...transferOrderRoutes, ...inventoryReportRoutes, ...currencyRoutes, ...purchasingRoutes, ...integrationRoutes, ...payablesRoutes, ...payablesReportRoutes, ...vendorCreditRoutes, ...vendorReturnRoutes, ...channelRoutes, ...customerRoutes, ...pricingRoutes, ...salesOrderRoutes, ...purgatoryRoutes, ...shipmentRoutes];
