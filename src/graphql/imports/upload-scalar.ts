// The Upload scalar: a file given as a variable. Over /graphql it is a part of a GraphQL multipart request
// (graphql-yoga hands over a web File); the REST gateway hands over the file it spooled. Either way the
// domain reads it as a stream.
import { GraphQLError } from 'graphql';
import { builder } from '../builder.js';
import type { UploadedFile } from '../../domain/imports/index.js';

function asUploadedFile(value: unknown): UploadedFile {
  if (value && typeof (value as UploadedFile).read === 'function') return value as UploadedFile;
  if (value && typeof (value as Blob).stream === 'function') {
    const blob = value as Blob & { name?: string };
    return { filename: blob.name ?? null, read: () => blob.stream() as unknown as AsyncIterable<Uint8Array> };
  }
  throw new GraphQLError('An Upload is a file sent as a part of a multipart request (GraphQL multipart request specification).');
}

builder.scalarType('Upload', {
  description: 'A file, sent as a part of a multipart request (GraphQL multipart request specification).',
  serialize: () => {
    throw new GraphQLError('An Upload is an input only.');
  },
  parseValue: asUploadedFile,
});
