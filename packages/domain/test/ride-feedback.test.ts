import { describe, expect, it } from 'vitest';
import { FEEDBACK_WINDOW_MS, feedbackClosesAt, isFeedbackOpen } from '../src/ride-feedback';

describe('rate and tip later', () => {
  const completedAt = '2026-11-20T12:00:00.000Z';
  const ended = new Date(completedAt).getTime();

  it('is open for 7 days after the ride was completed, and closed from then on', () => {
    expect(feedbackClosesAt({ status: 'completed', completedAt })?.toISOString()).toBe('2026-11-27T12:00:00.000Z');
    expect(isFeedbackOpen({ status: 'completed', completedAt }, new Date(ended + FEEDBACK_WINDOW_MS - 1))).toBe(true);
    expect(isFeedbackOpen({ status: 'completed', completedAt }, new Date(ended + FEEDBACK_WINDOW_MS))).toBe(false);
  });

  it('is never open for a ride that did not complete', () => {
    for (const status of ['requested', 'accepted', 'in_progress', 'cancelled']) {
      expect(isFeedbackOpen({ status, completedAt: null }, new Date(ended))).toBe(false);
      expect(feedbackClosesAt({ status, completedAt: null })).toBeNull();
    }
  });
});
