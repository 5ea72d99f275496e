import { randomUUID } from 'node:crypto';
import {
  addDays,
  detectDocumentMediaType,
  documentExtension,
  DOCUMENT_REMINDER_DAYS,
  expiringDocumentKinds,
  hasExpired,
  MAX_DOCUMENT_BYTES,
  utcDay,
  type DocumentUploadFields,
  type DriverDocument,
  type DriverDocumentKind,
} from '@coride/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthenticatedUser } from '../accounts/service';
import type { NotifyPort } from '../notifications/service';
import type { TerritoryAccess } from '../territories/access';
import * as repo from './repository';
import type { DocumentStorage } from './storage';
import type { DriverDocumentRow } from './tables';

export type DriverDocumentsService = ReturnType<typeof createDriverDocumentsService>;

/** How many documents one round of the expiry sweep handles per step (the rest wait for the next round). */
const SWEEP_BATCH = 200;

const kindNames: Record<DriverDocumentKind, string> = {
  licence: "driver's licence",
  insurance: 'insurance',
  registration: 'vehicle registration',
  photo: 'photo',
};

export function toDriverDocument(row: DriverDocumentRow): DriverDocument {
  return {
    id: row.id,
    kind: row.kind,
    mediaType: row.mediaType,
    sizeBytes: row.sizeBytes,
    expiresOn: row.expiresOn,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

/** 403 `DOCUMENT_EXPIRED`: the driver's newest licence or insurance is past its expiry day. */
export const documentExpired = (kind: DriverDocumentKind, expiresOn: string) =>
  new AppError('DOCUMENT_EXPIRED', `Your ${kindNames[kind]} expired on ${expiresOn}. Upload a valid one to go online.`, { [kind]: 'expired' });

/**
 * Drivers' documents (contract §10, ADR 036): uploads checked by their content, kept in a storage
 * (disk or S3), read by their driver and the reviewer (an admin, the licensee of the driver's
 * territory) only; the expiry sweep reminds and takes drivers offline; going online asks
 * `assertMayGoOnline`.
 */
export function createDriverDocumentsService(deps: {
  db: Database;
  storage: DocumentStorage;
  access: Pick<TerritoryAccess, 'driverTerritoryOf' | 'assertInScope'>;
  notifications: NotifyPort;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { db, storage, access, notifications, now, log } = deps;

  /** 404 unless the viewer reviews this driver: an admin any driver, a licensee those of its territories. */
  async function assertReviewer(viewer: AuthenticatedUser, driverId: string): Promise<void> {
    if (viewer.role !== 'admin' && viewer.role !== 'licensee') throw notFound('Driver');
    const territoryId = await access.driverTerritoryOf(driverId).catch(() => {
      throw notFound('Driver');
    });
    await access.assertInScope(viewer, territoryId, 'Driver');
  }

  /** The driver themself, or their reviewer; anyone else 404 (another driver cannot tell the document exists). */
  async function assertMayRead(viewer: AuthenticatedUser, document: DriverDocumentRow): Promise<void> {
    if (viewer.role === 'driver') {
      if (viewer.id !== document.driverId) throw notFound('Document');
      return;
    }
    await assertReviewer(viewer, document.driverId).catch(() => {
      throw notFound('Document');
    });
  }

  async function remind(row: DriverDocumentRow): Promise<boolean> {
    const told = notifications.batch();
    const sent = await db.transaction(async (tx) => {
      if (!(await repo.markReminded(tx, row.id, now()))) return false;
      await told.notify(tx, {
        userId: row.driverId,
        kind: 'driver_document_expiring',
        data: { documentId: row.id, kind: row.kind as 'licence' | 'insurance', expiresOn: row.expiresOn! },
        dedupeKey: `document-expiring:${row.id}`,
      });
      return true;
    });
    told.publish();
    return sent;
  }

  async function expire(row: DriverDocumentRow, takeOffline: (driverId: string) => Promise<void>): Promise<boolean> {
    // Offline first: if telling fails, the next round takes them offline again (harmless) and tells them then.
    await takeOffline(row.driverId);
    const told = notifications.batch();
    const handled = await db.transaction(async (tx) => {
      if (!(await repo.markExpiryHandled(tx, row.id, now()))) return false;
      await told.notify(tx, {
        userId: row.driverId,
        kind: 'driver_document_expired',
        data: { documentId: row.id, kind: row.kind as 'licence' | 'insurance', expiresOn: row.expiresOn! },
        dedupeKey: `document-expired:${row.id}`,
      });
      return true;
    });
    told.publish();
    return handled;
  }

  return {
    /** A new document of the driver: its type read from its bytes, its file stored, then its row. */
    async upload(driver: AuthenticatedUser, fields: DocumentUploadFields, bytes: Buffer): Promise<DriverDocument> {
      if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'Choose a file to upload', { file: 'Choose a file to upload' });
      if (bytes.length > MAX_DOCUMENT_BYTES) throw fileTooLarge();
      const mediaType = detectDocumentMediaType(bytes);
      if (!mediaType) throw unsupportedFileType();
      const at = now();
      if (fields.expiresOn && hasExpired(fields.expiresOn, utcDay(at))) {
        throw new AppError('VALIDATION_FAILED', 'This document has already expired: upload a valid one', {
          expiresOn: 'This document has already expired: upload a valid one',
        });
      }
      const storageKey = `${driver.id}/${randomUUID()}.${documentExtension(mediaType)}`;
      await storage.put(storageKey, bytes, mediaType);
      try {
        const row = await repo.insertDocument(db, {
          driverId: driver.id,
          kind: fields.kind,
          mediaType,
          sizeBytes: bytes.length,
          storageKey,
          expiresOn: fields.expiresOn ?? null,
          uploadedAt: at,
        });
        return toDriverDocument(row);
      } catch (error) {
        // No row names the file: remove it rather than keep personal data nobody can reach.
        await storage.delete(storageKey).catch((cause: unknown) => log.warn({ err: cause }, 'orphan document file not removed'));
        throw error;
      }
    },

    /** The driver's own uploads, newest first. */
    async listOwn(driver: AuthenticatedUser): Promise<DriverDocument[]> {
      return (await repo.documentsOf(db, driver.id)).map(toDriverDocument);
    },

    /** A driver's uploads for their reviewer (admin, or the licensee of the driver's territory); 404 for anyone else. */
    async listOf(viewer: AuthenticatedUser, driverId: string): Promise<DriverDocument[]> {
      await assertReviewer(viewer, driverId);
      return (await repo.documentsOf(db, driverId)).map(toDriverDocument);
    },

    /** A document's file for its driver or reviewer; 404 for anyone else, and when the file is gone. */
    async openFile(viewer: AuthenticatedUser, documentId: string): Promise<{ document: DriverDocument; bytes: Buffer }> {
      const row = await repo.findDocument(db, documentId);
      if (!row) throw notFound('Document');
      await assertMayRead(viewer, row);
      const bytes = await storage.get(row.storageKey);
      if (!bytes) throw notFound('Document file');
      return { document: toDriverDocument(row), bytes };
    },

    /** Going online: refused (403 `DOCUMENT_EXPIRED`) while the newest licence or insurance has expired. */
    async assertMayGoOnline(driverId: string): Promise<void> {
      const today = utcDay(now());
      for (const row of await repo.newestOfKinds(db, driverId, expiringDocumentKinds)) {
        if (hasExpired(row.expiresOn, today)) throw documentExpired(row.kind, row.expiresOn!);
      }
    },

    /**
     * One round of the expiry job: a reminder for each newest licence or insurance expiring within
     * DOCUMENT_REMINDER_DAYS (once per document), then each expired one takes its driver offline and
     * tells them (once per document). Bounded batches; what is left waits for the next round.
     * `takeOffline` is the drivers module's (jobs.ts passes it), as going offline does it.
     */
    async sweepExpiry(takeOffline: (driverId: string) => Promise<void>): Promise<{ reminded: number; expired: number }> {
      const today = utcDay(now());
      let reminded = 0;
      let expired = 0;
      for (const row of await repo.dueReminders(db, today, addDays(today, DOCUMENT_REMINDER_DAYS), SWEEP_BATCH)) if (await remind(row)) reminded += 1;
      for (const row of await repo.dueExpiries(db, today, SWEEP_BATCH)) if (await expire(row, takeOffline)) expired += 1;
      return { reminded, expired };
    },
  };
}

export const fileTooLarge = () => new AppError('FILE_TOO_LARGE', 'The file is larger than 5 MB. Take the photo again at a lower size, or send a PDF.');
export const unsupportedFileType = () => new AppError('UNSUPPORTED_FILE_TYPE', 'Send a JPEG or PNG photo, or a PDF: this file is none of them.');
