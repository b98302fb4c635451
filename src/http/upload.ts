// Uploaded files are spooled to a temporary file as they arrive (never held in memory), then handed on as
// an UploadedFile that reads the spool back in pieces. A text/csv body is the file; a multipart/form-data
// body (busboy) gives one file field and text fields. The spool is removed when the request is done.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import type { UploadedFile } from '../domain/imports/index.js';
import { HttpProblem } from './errors.js';

/** Uploads larger than this are refused with 413. */
export const MAX_UPLOAD_BYTES = 512 * 1024 * 1024;

export class SpooledFile implements UploadedFile {
  constructor(
    readonly filename: string | null,
    readonly path: string,
    readonly size: number,
  ) {}
  read(): AsyncIterable<Uint8Array> {
    return createReadStream(this.path, { highWaterMark: 256 * 1024 });
  }
}

export interface SpooledUpload {
  file: SpooledFile | null;
  /** Text fields of a multipart body (the last value of each name). */
  fields: Map<string, string>;
  discard(): Promise<void>;
}

function sizeLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) return done(new HttpProblem(413, `The file is larger than ${Math.round(limit / 1024 / 1024)} MB.`));
      done(null, chunk);
    },
  });
}

async function spoolStream(source: Readable, dir: string, filename: string | null, limit: number): Promise<SpooledFile> {
  const target = path.join(dir, 'upload');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(source, sizeLimit(limit), counter, createWriteStream(target, { mode: 0o600 }));
  return new SpooledFile(filename, target, size);
}

/** The request body as the file (text/csv and the like). */
export async function spoolBody(req: IncomingMessage, limit = MAX_UPLOAD_BYTES): Promise<SpooledUpload> {
  const dir = await mkdtemp(path.join(tmpdir(), 'upload-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    return { file: await spoolStream(req, dir, null, limit), fields: new Map(), discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

/** A multipart/form-data body: the file in `fileField` (spooled) and every text field. */
export async function spoolMultipart(req: IncomingMessage, fileField: string, limit = MAX_UPLOAD_BYTES): Promise<SpooledUpload> {
  const dir = await mkdtemp(path.join(tmpdir(), 'upload-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    const fields = new Map<string, string>();
    let file: SpooledFile | null = null;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 50, fieldSize: 64 * 1024 } });
    } catch (error) {
      throw new HttpProblem(400, `The multipart body cannot be read: ${(error as Error).message}.`);
    }
    const writes: Promise<void>[] = [];
    let writeError: unknown = null;
    parser.on('field', (name, value) => fields.set(name, value));
    parser.on('file', (name, stream, info) => {
      if (name !== fileField || file) {
        stream.resume();
        return;
      }
      // A failed write (a cut-off body, a file over the limit) is kept and reported after the parser settles,
      // never left as an unhandled rejection.
      writes.push(
        spoolStream(stream, dir, info.filename ?? null, limit).then(
          (spooled) => {
            file = spooled;
          },
          (error) => {
            writeError ??= error;
          },
        ),
      );
    });
    const finished = new Promise<void>((resolve, reject) => {
      parser.on('close', resolve);
      parser.on('error', (error) => reject(new HttpProblem(400, `The multipart body cannot be read: ${(error as Error).message}.`)));
    });
    req.pipe(parser);
    try {
      await finished;
    } finally {
      await Promise.all(writes);
    }
    if (writeError instanceof HttpProblem) throw writeError;
    if (writeError) throw new HttpProblem(400, `The multipart body cannot be read: ${(writeError as Error).message}.`);
    return { file, fields, discard };
  } catch (error) {
    req.resume();
    await discard();
    throw error;
  }
}
