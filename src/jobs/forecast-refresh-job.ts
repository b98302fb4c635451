// The `forecast.refresh` job: rebuilds the company's forecast table (src/domain/forecast/forecast-refresh.ts)
// in one step — hold, rebuild, finish in one transaction — so the table changes exactly when the job finishes.
// Queued by POST /forecast-warehouse-data/refresh and by the daily schedule (background.ts) for companies
// with the feature forecast_materialized_table; a company that turned the feature off gets nothing rebuilt.
import { FORECAST_REFRESH_JOB, forecastEnabled, rebuildForecast } from '../domain/forecast/index.js';
import type { JobHandler } from './job-handler.js';

export { FORECAST_REFRESH_JOB };

export const forecastRefreshJob: JobHandler = {
  async run(run) {
    await run.db.$transaction(async (tx) => {
      await run.hold(tx);
      const rows = (await forecastEnabled(tx)) ? await rebuildForecast(tx, run.job.companyId) : null;
      run.logger.log('info', rows === null ? 'forecast refresh skipped: the feature is off' : 'forecast refreshed', { company_id: run.job.companyId, job_id: run.job.id, rows });
      await run.finish(tx, rows === null ? undefined : { now: rows, max: rows });
    }, { maxWait: 30_000, timeout: 100_000 });
  },
  // One transaction over the whole company: give a large one room (the transaction times out before the lease).
  leaseMs: 120_000,
};
