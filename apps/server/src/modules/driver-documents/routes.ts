import multipart from '@fastify/multipart';
import { documentExtension, documentUploadFieldsSchema, driverDocumentSchema, fieldErrors, idParamsSchema, MAX_DOCUMENT_BYTES } from '@coride/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { currentUser, requireRole } from '../../plugins/auth';
import { fileTooLarge, type DriverDocumentsService } from './service';

const errors = errorResponses(400, 401, 403, 404, 413, 415);

/** The multipart body, read into memory (at most one file of 5 MB and three short fields). */
async function readUpload(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: Buffer | undefined }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data with a "file" part');
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw new AppError('VALIDATION_FAILED', 'Send one file, as the "file" part', { file: 'Send one file' });
        // The client's file name and declared type are ignored: the bytes decide (service.upload).
        file = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  return { fields, file };
}

/** @fastify/multipart's own errors in the contract's shape (the one error handler maps AppError). */
function multipartError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('PAYLOAD_TOO_LARGE', 'Send one file with the fields kind and expiresOn only');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data');
  if (code === 'FST_PROTO_VIOLATION' || (error instanceof Error && /multipart|boundary|terminated early/i.test(error.message)))
    return new AppError('BAD_REQUEST', 'The upload is not valid multipart/form-data');
  return error;
}

/**
 * Drivers' documents (contract §10, ADR 036). The multipart parser is registered in this scope only,
 * so no other route accepts multipart bodies; routes read the request and answer, the service does
 * the rest.
 */
export function driverDocumentsRoutes(documents: DriverDocumentsService) {
  return async (app: AppInstance) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 3, fieldSize: 100, parts: 4, headerPairs: 50 },
    });

    app.post(
      '/api/drivers/documents',
      { onRequest: requireRole('driver'), schema: { response: { 201: driverDocumentSchema, ...errors } } },
      async (request, reply) => {
        const { fields, file } = await readUpload(request);
        const parsed = documentUploadFieldsSchema.safeParse({ kind: fields.kind, expiresOn: fields.expiresOn || undefined });
        if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Check the highlighted fields', fieldErrors(parsed.error));
        if (!file) throw new AppError('VALIDATION_FAILED', 'Choose a file to upload', { file: 'Choose a file to upload' });
        return reply.status(201).send(await documents.upload(currentUser(request), parsed.data, file));
      },
    );

    app.get(
      '/api/drivers/documents',
      { onRequest: requireRole('driver'), schema: { response: { 200: z.array(driverDocumentSchema), ...errors } } },
      async (request) => documents.listOwn(currentUser(request)),
    );

    // The reviewer's list: an admin any driver's, a licensee its territories' drivers' (404 otherwise).
    app.get(
      '/api/licensee/drivers/:id/documents',
      { onRequest: requireRole('licensee', 'admin'), schema: { params: idParamsSchema, response: { 200: z.array(driverDocumentSchema), ...errors } } },
      async (request) => documents.listOf(currentUser(request), request.params.id),
    );

    // The file, for its driver and their reviewer; 404 for anyone else. Named after its kind, never the uploader's name.
    app.get(
      '/api/drivers/documents/:id/file',
      // No response schema: the answer is the file's bytes (errors keep the contract's shape through the error handler).
      { onRequest: requireRole('driver', 'licensee', 'admin'), schema: { params: idParamsSchema } },
      async (request, reply) => {
        const { document, bytes } = await documents.openFile(currentUser(request), request.params.id);
        return reply
          .type(document.mediaType)
          .header('content-disposition', `attachment; filename="${document.kind}.${documentExtension(document.mediaType)}"`)
          .header('cache-control', 'private, no-store')
          .send(bytes);
      },
    );
  };
}
