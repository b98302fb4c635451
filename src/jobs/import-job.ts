// The `import` job: applies a stored CSV import (src/domain/imports/import-runner.ts) in steps that each
// hold the job, so a restarted or competing process resumes after the last committed chunk.
import { ImportFileError, runImport, IMPORT_JOB } from '../domain/imports/index.js';
import { JobFailedError, type JobHandler } from './job-handler.js';

export { IMPORT_JOB };

export const importJob: JobHandler = {
  async run(run) {
    try {
      await runImport(run.db, run.job.id, {
        hold: run.hold,
        finish: run.finish,
        checkStopping: () => run.signal.throwIfAborted(),
      });
    } catch (error) {
      if (error instanceof ImportFileError) throw new JobFailedError(error.message);
      throw error;
    }
  },
  // A chunk is one transaction; 60 s leaves room for a slow one on a busy database.
  leaseMs: 60_000,
};
