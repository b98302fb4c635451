// The cycle count sessions page's floor (issue 34): the newest 100 sessions (camelCase, as the REST page writes
// them; a session's counts are stored on it), as one JSON text written by PostgreSQL.
import { companyKey, iso, newestJson, num, pageStatement } from './json.js';

export function cycleCountSessionsPageStatement(companyId: number): string {
  const c = companyKey(companyId);
  const element = `json_build_object(
    'id', s.id, 'uuid', s.uuid, 'batchId', s."batchId", 'warehouseId', s."warehouseId", 'status', s.status,
    'skuCount', s."skuCount", 'countedSkuCount', s."countedSkuCount", 'theoreticalValue', ${num('s."theoreticalValue"')},
    'totalVarianceQty', ${num('s."totalVarianceQty"')}, 'totalVarianceValue', ${num('s."totalVarianceValue"')},
    'accuracyPercentage', ${num('s."accuracyPercentage"')}, 'adjustmentId', s."adjustmentId",
    'startedBy', s."startedBy", 'postedBy', s."postedBy", 'cancelledBy', s."cancelledBy",
    'startedAt', ${iso('s."startedAt"')}, 'postedAt', ${iso('s."postedAt"')}, 'cancelledAt', ${iso('s."cancelledAt"')},
    'createdAt', ${iso('s."createdAt"')}, 'updatedAt', ${iso('s."updatedAt"')}
  )`;
  return pageStatement(c, 'CycleCountSession', newestJson(c, 'CycleCountSession', 's', element, 100));
}
