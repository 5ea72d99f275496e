import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { DiskDocumentStorage, S3DocumentStorage, signS3Request, type DocumentStorage } from '../../../src/modules/driver-documents/storage';

/*
 * The two storages of driver documents (ADR 036). The S3 one is tried against a tiny HTTP server that
 * records what it is sent, and its signature against the worked example of AWS's SigV4 documentation.
 */

describe('signing S3 requests (AWS Signature V4)', () => {
  it('matches the GET Object example of the AWS documentation', () => {
    const headers = signS3Request(
      { method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), headers: { range: 'bytes=0-9' }, body: undefined },
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-content-sha256']).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('S3 document storage', () => {
  type Recorded = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer };
  const recorded: Recorded[] = [];
  const objects = new Map<string, Buffer>();
  let server: http.Server;
  let endpoint: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        recorded.push({ method: request.method!, url: request.url!, headers: request.headers, body });
        if (!String(request.headers.authorization).startsWith('AWS4-HMAC-SHA256 Credential=KEYID/')) return response.writeHead(403).end();
        if (request.method === 'PUT') {
          objects.set(request.url!, body);
          return response.writeHead(200).end();
        }
        if (request.method === 'DELETE') {
          objects.delete(request.url!);
          return response.writeHead(204).end();
        }
        const object = objects.get(request.url!);
        if (!object) return response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        return response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(object);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('puts, gets and deletes objects at <bucket>/<prefix>/<key>, signed, with the payload hash', async () => {
    const storage = new S3DocumentStorage({
      endpoint,
      bucket: 'coride-docs',
      prefix: 'prod/uploads',
      region: 'eu-west-1',
      accessKeyId: 'KEYID',
      secretAccessKey: 'SECRET',
    });
    const key = '6f1d2c3b-0000-4000-8000-000000000001/8c0e8f1e-aaaa-4bbb-8ccc-000000000002.pdf';
    const bytes = Buffer.from('%PDF-1.7 a registration');
    await storage.put(key, bytes, 'application/pdf');
    const put = recorded.at(-1)!;
    expect(put.method).toBe('PUT');
    expect(put.url).toBe(`/coride-docs/prod/uploads/${key}`);
    expect(put.body.equals(bytes)).toBe(true);
    expect(put.headers['content-type']).toBe('application/pdf');
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=KEYID\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(put.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);

    expect((await storage.get(key))!.equals(bytes)).toBe(true);
    expect(recorded.at(-1)!.method).toBe('GET');

    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
  });

  it('fails loudly when the bucket refuses (wrong keys), so the upload answers an error instead of a lost file', async () => {
    const storage = new S3DocumentStorage({ endpoint, bucket: 'b', prefix: '', region: 'us-east-1', accessKeyId: 'WRONG', secretAccessKey: 'x' });
    await expect(storage.put('a/b.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/403/);
  });

  it('refuses a key that could leave the bucket prefix', async () => {
    const storage = new S3DocumentStorage({ endpoint, bucket: 'b', prefix: '', region: 'us-east-1', accessKeyId: 'KEYID', secretAccessKey: 'x' });
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe/);
  });
});

describe('disk document storage', () => {
  it('writes under its folder, readable by this user only, and answers undefined for a missing file', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'coride-disk-storage-'));
    try {
      const storage: DocumentStorage = new DiskDocumentStorage(path.join(root, 'uploads'));
      await storage.put('driver-1/file-1.png', Buffer.from('png'), 'image/png');
      const file = path.join(root, 'uploads', 'driver-1', 'file-1.png');
      expect(fs.readFileSync(file, 'utf8')).toBe('png');
      expect(fs.statSync(file).mode & 0o077).toBe(0);
      expect(await storage.get('driver-1/missing.png')).toBeUndefined();
      await expect(storage.get('../../etc/passwd')).rejects.toThrow(/unsafe/);
      await storage.delete('driver-1/file-1.png');
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('UPLOADS_S3_URL', () => {
  it('is read as endpoint, bucket, prefix, region and keys; without it files go under DATA_DIR/uploads', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/srv/coride',
      UPLOADS_S3_URL: 'https://AKID:se%2Fcret@s3.eu-west-1.amazonaws.com/coride-docs/prod?region=eu-west-1',
    });
    expect(config.uploads).toEqual({
      dir: '/srv/coride/uploads',
      s3: {
        endpoint: 'https://s3.eu-west-1.amazonaws.com',
        bucket: 'coride-docs',
        prefix: 'prod',
        region: 'eu-west-1',
        accessKeyId: 'AKID',
        secretAccessKey: 'se/cret',
      },
    });
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/srv/coride' }).uploads).toEqual({ dir: '/srv/coride/uploads', s3: undefined });
    expect(() => loadConfig({ NODE_ENV: 'test', UPLOADS_S3_URL: 'https://s3.amazonaws.com/bucket' })).toThrow(/UPLOADS_S3_URL/);
  });
});
