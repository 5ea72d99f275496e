import { describe, expect, it } from 'vitest';
import { sortTickets } from './tickets';

describe('support tickets order', () => {
  it('puts open tickets first, oldest first, then the rest newest first', () => {
    const tickets = [
      { id: 'a', status: 'answered', createdAt: '2025-01-01T10:00:00Z' },
      { id: 'b', status: 'open', createdAt: '2025-01-02T10:00:00Z' },
      { id: 'c', status: 'closed', createdAt: '2025-01-03T10:00:00Z' },
      { id: 'd', status: 'open', createdAt: '2025-01-01T09:00:00Z' },
    ] as const;
    expect(sortTickets(tickets).map((t) => t.id)).toEqual(['d', 'b', 'c', 'a']);
  });
});
