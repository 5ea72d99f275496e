import type { DriverSuspension } from '@coride/domain';
import type { SuspensionView } from './repository';

/** A driver's open suspension as staff see it (the licensee's drivers, the admin's users; ADR 031). */
export function staffView(suspension: SuspensionView | undefined): DriverSuspension | null {
  if (!suspension) return null;
  const { by } = suspension;
  return {
    at: suspension.at.toISOString(),
    reason: suspension.reason,
    by: by && (by.role === 'admin' || by.role === 'licensee') ? { name: `${by.firstName} ${by.lastName}`, role: by.role } : null,
  };
}
