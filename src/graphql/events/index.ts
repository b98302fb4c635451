// The event feed and webhooks (issue 15); imported once by src/graphql/schema.ts.
import './event-fields.js';
import './webhook-fields.js';
import './event-subscriptions.js';
import './live-subscriptions.js';
