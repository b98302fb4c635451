// The customer companies page's floor (issue 34): the newest 100 customer companies with what the REST page
// shows (price list, both addresses, custom fields, contacts), as one JSON text written by PostgreSQL. The
// addresses and custom fields are the stored documents as they are.
import { companyKey, iso, list, newestJson, one, pageStatement } from './json.js';

export function customersPageStatement(companyId: number): string {
  const c = companyKey(companyId);
  const element = `json_build_object(
    'id', cc.id, 'name', cc.name, 'email', cc.email, 'phone', cc.phone, 'tax_id', cc."taxId", 'currency', cc.currency,
    'price_list_id', cc."priceListId", 'price_list', ${one(c, 'PriceList', `'id', x.id, 'name', x.name, 'currency', x.currency`, 'cc."priceListId"')},
    'payment_terms_days', cc."paymentTermsDays", 'billing_address', cc."billingAddress", 'shipping_address', cc."shippingAddress",
    'notes', cc.notes, 'custom_fields', cc."customFields",
    'contacts', ${list(
      '"Contact" k',
      `'id', k.id, 'first_name', k."firstName", 'last_name', k."lastName", 'email', k.email, 'phone', k.phone, 'title', k.title`,
      `k."companyId" = ${c} AND k."customerCompanyId" = cc.id`,
      'k.id',
    )},
    'created_at', ${iso('cc."createdAt"')}, 'updated_at', ${iso('cc."updatedAt"')}
  )`;
  return pageStatement(c, 'CustomerCompany', newestJson(c, 'CustomerCompany', 'cc', element, 100));
}
