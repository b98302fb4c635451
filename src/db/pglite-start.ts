// How PostgreSQL starts inside PGlite. It zeroes its shared buffers as it starts (128 MB, PostgreSQL's default and
// the data folder's postgresql.conf): a cluster that lives for one CLI command or one test file needs far fewer,
// and with 32 MB it is ready in about half the time (an in-memory test database 0.9 → 0.4 s, a data folder under
// load 3.2–5.0 → 1.3–2.6 s; scratch timings of repeated starts, 2026-12-02). The server keeps the default: it
// lives long, and its buffers hold the company's working set.
import { PGlite } from '@electric-sql/pglite';

const SHORT_LIVED_SHARED_BUFFERS = '32MB';

/** PGlite's `startParams` for a cluster opened for one command or one test file. */
export function shortLivedStartParams(): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHORT_LIVED_SHARED_BUFFERS}`];
}
