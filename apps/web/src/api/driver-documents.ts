/**
 * Drivers' documents (contract §10): the driver's uploads and checklist (onboarding and the driver
 * console) and the reviewer's view (admin and licensee consoles) call these, so they live outside
 * every feature.
 */
import { documentExtension, type DriverDocument, type DriverDocumentKind } from '@coride/domain/driver-documents';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiRequestError, getToken } from '@/lib/api';

export const ownDocumentsQueryKey = ['/api/drivers/documents'] as const;
export const driverDocumentsQueryKey = (driverId: string) => ['/api/licensee/drivers', driverId, 'documents'] as const;

export const ownDocumentsQueryOptions = () =>
  queryOptions({ queryKey: ownDocumentsQueryKey, queryFn: ({ signal }) => apiRequest<DriverDocument[]>('/api/drivers/documents', { signal }) });

/** The signed-in driver's uploads, newest first. */
export function useOwnDocuments() {
  return useQuery(ownDocumentsQueryOptions());
}

/** A driver's uploads for their reviewer (404 outside the licensee's territories). */
export function useDriverDocuments(driverId: string, enabled = true) {
  return useQuery({
    queryKey: driverDocumentsQueryKey(driverId),
    queryFn: ({ signal }) => apiRequest<DriverDocument[]>(`/api/licensee/drivers/${encodeURIComponent(driverId)}/documents`, { signal }),
    enabled,
  });
}

export type DocumentUpload = { kind: DriverDocumentKind; file: File; expiresOn?: string | undefined };

/**
 * Sends one document as multipart/form-data, telling `onProgress` the share sent (0-1). XMLHttpRequest
 * because fetch reports no upload progress; errors are the API client's (status, message, code, fields).
 */
export function uploadDriverDocument(upload: DocumentUpload, onProgress: (sent: number) => void): Promise<DriverDocument> {
  const form = new FormData();
  form.append('kind', upload.kind);
  if (upload.expiresOn) form.append('expiresOn', upload.expiresOn);
  form.append('file', upload.file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/drivers/documents');
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiRequestError(0, 'Cannot reach the server. Check your connection and try again.', 'NETWORK'));
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 201) return resolve(body as DriverDocument);
      const error = body as { error?: string; code?: string; fields?: Record<string, string> } | undefined;
      reject(new ApiRequestError(request.status, error?.error ?? `${request.status}`, error?.code ?? 'HTTP_ERROR', error?.fields ?? {}));
    };
    request.send(form);
  });
}

/** Uploads a document, then refreshes the driver's list (and their profile: a valid licence may let them go online). */
export function useUploadDocument(onProgress: (sent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: DocumentUpload) => uploadDriverDocument(upload, onProgress),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ownDocumentsQueryKey }), queryClient.invalidateQueries({ queryKey: ['/api/drivers/me'] })]),
  });
}

/**
 * Opens a document's file (for its driver or reviewer): fetched with the bearer token, then shown in a
 * new tab from a blob address, or saved when the browser cannot show it.
 */
export async function openDriverDocument(document: DriverDocument): Promise<void> {
  const token = getToken();
  const response = await fetch(`/api/drivers/documents/${encodeURIComponent(document.id)}/file`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { error?: string; code?: string } | undefined;
    throw new ApiRequestError(response.status, body?.error ?? `${response.status}`, body?.code ?? 'HTTP_ERROR');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = window.document.createElement('a');
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener';
  link.download = `${document.kind}.${documentExtension(document.mediaType)}`;
  link.click();
  // Long enough for the new tab or the download to read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
