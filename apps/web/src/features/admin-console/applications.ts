import type { ApplicationStatus } from '@coride/domain';

/** The spec's display limit for each application list. */
export const APPLICATIONS_SHOWN = 5;

/** Applications nobody has decided yet. */
export function isAwaitingReview(application: { status: ApplicationStatus }): boolean {
  return application.status === 'pending' || application.status === 'under_review';
}

/** The newest applications first, however the server ordered them. */
export function newestApplications<T extends { submittedAt: string }>(applications: T[], limit = APPLICATIONS_SHOWN): T[] {
  return [...applications].sort((a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt)).slice(0, limit);
}
