import { describe, expect, it } from 'vitest';
import { addDays, detectDocumentMediaType, documentChecklist, documentUploadFieldsSchema, hasExpired, type DriverDocument } from '../src';

const doc = (overrides: Partial<DriverDocument>): DriverDocument => ({
  id: 'd1',
  kind: 'licence',
  mediaType: 'image/png',
  sizeBytes: 10,
  expiresOn: null,
  uploadedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('document type by its bytes', () => {
  it('knows JPEG, PNG and PDF by their magic numbers', () => {
    expect(detectDocumentMediaType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0, 0]))).toBe('image/jpeg');
    expect(detectDocumentMediaType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(detectDocumentMediaType(new TextEncoder().encode('%PDF-1.4\n'))).toBe('application/pdf');
  });

  it('knows nothing else, whatever it would be called', () => {
    for (const text of ['GIF89a', '<html>', '%PD', 'PK\u0003\u0004', '']) expect(detectDocumentMediaType(new TextEncoder().encode(text))).toBeUndefined();
    expect(detectDocumentMediaType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
  });
});

describe('upload fields', () => {
  it('ask the expiry day of a licence or insurance, not of a photo', () => {
    expect(documentUploadFieldsSchema.safeParse({ kind: 'licence' }).success).toBe(false);
    expect(documentUploadFieldsSchema.safeParse({ kind: 'insurance', expiresOn: '2027-02-28' }).success).toBe(true);
    expect(documentUploadFieldsSchema.safeParse({ kind: 'photo' }).success).toBe(true);
    expect(documentUploadFieldsSchema.safeParse({ kind: 'licence', expiresOn: '2027-02-30' }).success).toBe(false);
    expect(documentUploadFieldsSchema.safeParse({ kind: 'passport' }).success).toBe(false);
  });
});

describe('the checklist', () => {
  const today = '2026-11-25';

  it('says what is missing, expired, expiring within 14 days, or fine; the newest upload of a kind counts', () => {
    const list = documentChecklist(
      [
        doc({ id: 'old', kind: 'licence', expiresOn: '2026-11-01', uploadedAt: '2026-01-01T00:00:00Z' }),
        doc({ id: 'new', kind: 'licence', expiresOn: '2030-01-01', uploadedAt: '2026-11-20T00:00:00Z' }),
        doc({ id: 'ins', kind: 'insurance', expiresOn: addDays(today, 14) }),
        doc({ id: 'reg', kind: 'registration', expiresOn: '2026-11-24' }),
      ],
      today,
    );
    expect(list.map((item) => [item.kind, item.state, item.document?.id ?? null])).toEqual([
      ['licence', 'ok', 'new'],
      ['insurance', 'expiring', 'ins'],
      ['registration', 'expired', 'reg'],
      ['photo', 'missing', null],
    ]);
  });

  it('keeps a document valid through its expiry day', () => {
    expect(hasExpired(today, today)).toBe(false);
    expect(hasExpired('2026-11-24', today)).toBe(true);
    expect(hasExpired(null, today)).toBe(false);
  });
});
