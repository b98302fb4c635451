// Selections every list route shares.

/** The `meta` block of a paginated list (PageMeta), as the gateway returns it in `{data, meta}`. */
export const PAGE_META = 'meta { currentPage from lastPage perPage to total }';

/** The contract's job record (imports, forecast refreshes). */
export const JOB_FIELDS = 'id jobId type status queue attempts progressNow progressMax createdAt updatedAt startedAt finishedAt';
