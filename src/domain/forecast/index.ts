// The forecast area's front door: what other areas, the GraphQL layer, REST mappings, jobs and the CLI may use.
// Code outside src/domain/forecast/ imports from here, never from a file inside (test/architecture/front-doors.test.ts).
export {
  FORECAST_FEATURE,
  FORECAST_REFRESH_JOB,
  forecastEnabled,
  rebuildForecast,
  requestForecastRefresh,
} from './forecast-refresh.js';
export * as forecastRows from './forecast-rows.js';
export { FORECAST_FILTERS } from './forecast-rows.js';
