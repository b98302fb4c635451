// A file handed to the domain by a request: read once, as a stream of pieces, so no layer holds it whole.
export interface UploadedFile {
  filename: string | null;
  read(): AsyncIterable<Uint8Array>;
}
