/**
 * Rate and tip later (contract §10): a completed ride can be rated and tipped for 7 days after it
 * ended, from the ride page or the rides list. The server refuses later ones; the web hides the
 * actions once the window has closed.
 */
export const FEEDBACK_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** When the rider can no longer rate or tip the ride, or null while it is not completed. */
export function feedbackClosesAt(ride: { status: string; completedAt: string | Date | null }): Date | null {
  if (ride.status !== 'completed' || !ride.completedAt) return null;
  return new Date(new Date(ride.completedAt).getTime() + FEEDBACK_WINDOW_MS);
}

/** Whether the rider may still rate or tip the ride at `at`. */
export function isFeedbackOpen(ride: { status: string; completedAt: string | Date | null }, at: Date = new Date()): boolean {
  const closes = feedbackClosesAt(ride);
  return closes !== null && at.getTime() < closes.getTime();
}
