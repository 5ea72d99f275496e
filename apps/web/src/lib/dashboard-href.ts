/**
 * The rider dashboard's sections and the link to one of them: /dashboard?tab=payments. The booking
 * page links to Payments when a card is missing or refused, so the format lives here, shared by both.
 */
export const dashboardTabs = ['overview', 'rides', 'payments', 'rewards', 'favorites', 'profile'] as const;
export type DashboardTab = (typeof dashboardTabs)[number];

export function isDashboardTab(value: unknown): value is DashboardTab {
  return typeof value === 'string' && (dashboardTabs as readonly string[]).includes(value);
}

/** The overview is the dashboard's plain address; every other section has its `tab`. */
export function dashboardHref(tab: DashboardTab = 'overview'): string {
  return tab === 'overview' ? '/dashboard' : `/dashboard?tab=${tab}`;
}

/** The section a query string asks for; anything unknown is the overview. */
export function dashboardTabFrom(search: string): DashboardTab {
  const requested = new URLSearchParams(search).get('tab');
  return isDashboardTab(requested) ? requested : 'overview';
}

/** A completed ride's receipt, opened on the dashboard's Rides tab: the booking page links here. */
export function receiptHref(rideId: string): string {
  return `/dashboard?tab=rides&receipt=${encodeURIComponent(rideId)}`;
}

/** The ride whose receipt the query string asks to open, if any. */
export function receiptFrom(search: string): string | undefined {
  return new URLSearchParams(search).get('receipt') ?? undefined;
}
