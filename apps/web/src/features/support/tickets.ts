import type { SupportTicket } from '@coride/domain/assistant';

/** Open tickets first, the longest waiting at the top; then the others, the latest first. */
export function sortTickets<T extends Pick<SupportTicket, 'status' | 'createdAt'>>(tickets: readonly T[]): T[] {
  const open = tickets.filter((t) => t.status === 'open').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const others = tickets.filter((t) => t.status !== 'open').sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return [...open, ...others];
}
