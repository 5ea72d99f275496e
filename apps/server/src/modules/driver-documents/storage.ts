import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { S3UploadsConfig } from '../../config';

/**
 * Where document files are kept (ADR 036): a folder, or an S3-compatible bucket. Keys are made by the
 * service (random, `<driver id>/<uuid>.<ext>`); a storage only checks they cannot leave its root.
 */
export interface DocumentStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or undefined when no file has this key. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

/** Letters, digits, dashes, dots and one level of folder: what the service makes, nothing that climbs out. */
const SAFE_KEY = /^[A-Za-z0-9-]+\/[A-Za-z0-9-]+\.[a-z]+$/;
function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
}

/** Files under a folder (DATA_DIR/uploads by default), created on the first upload, readable by this user only. */
export class DiskDocumentStorage implements DocumentStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // Written beside and renamed: a reader never sees half a file.
    const partial = `${file}.partial`;
    await fs.writeFile(partial, bytes, { mode: 0o600 });
    await fs.rename(partial, file);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding of one path segment, as SigV4's canonical URI wants it. */
const encodeSegment = (segment: string) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * AWS Signature Version 4 headers of one request to S3 (service `s3`, payload hashed). Enough for
 * single-part PUT, GET and DELETE of an object; path-style addressing, no query string.
 */
export function signS3Request(
  request: { method: string; url: URL; headers: Record<string, string>; body: Buffer | undefined },
  credentials: { accessKeyId: string; secretAccessKey: string; region: string },
  at: Date,
): Record<string, string> {
  const amzDate = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256Hex(request.body ?? '');
  const headers: Record<string, string> = { ...request.headers, host: request.url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate };
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
  const lowered = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')]));
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method,
    request.url.pathname,
    '',
    names.map((name) => `${name}:${lowered[name]}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** Objects of an S3-compatible bucket (AWS S3, MinIO, R2, …), path style: `<endpoint>/<bucket>/<prefix>/<key>`. */
export class S3DocumentStorage implements DocumentStorage {
  constructor(
    private readonly config: S3UploadsConfig,
    private readonly now: () => Date = () => new Date(),
    private readonly timeoutMs = 15_000,
  ) {}

  private urlOf(key: string): URL {
    assertSafeKey(key);
    const segments = [this.config.bucket, ...this.config.prefix.split('/').filter(Boolean), ...key.split('/')];
    return new URL(`${this.config.endpoint}/${segments.map(encodeSegment).join('/')}`);
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    const url = this.urlOf(key);
    const headers = signS3Request({ method, url, headers: contentType ? { 'content-type': contentType } : {}, body }, this.config, this.now());
    delete headers.host;
    return fetch(url, {
      method,
      headers,
      ...(body ? { body: new Uint8Array(body) } : {}),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const response = await this.send('PUT', key, bytes, contentType);
    if (!response.ok) throw new Error(`S3 PUT answered ${response.status}`);
  }

  async get(key: string): Promise<Buffer | undefined> {
    const response = await this.send('GET', key);
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`S3 GET answered ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE answered ${response.status}`);
  }
}
