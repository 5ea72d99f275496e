import type { ReactNode } from 'react';
import { EmailVerificationBanner } from '@/components/account/email-verification-banner';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { AccountMenu } from './account-menu';
import { AssistantDockProvider } from './assistant-dock';
import { PageShell } from './page-shell';
import { SiteHeader } from './site-header';

/**
 * Layout of the signed-in dashboards: header with the notification bell and account menu, a titled
 * content area, footer. The title row holds the page's actions and its assistant buttons (the
 * assistant launchers render there wherever the page mounts them: components/layout/assistant-dock).
 */
export function DashboardShell({ title, subtitle, actions, children }: { title: string; subtitle?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <PageShell
      header={
        <SiteHeader>
          <NotificationBell />
          <AccountMenu />
        </SiteHeader>
      }
    >
      <AssistantDockProvider>
        {(assistantSlot) => (
          <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
            <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
              <div>
                <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
                {subtitle ? <p className="mt-1 text-muted-foreground">{subtitle}</p> : null}
              </div>
              {/* Hidden while it holds nothing: a page without actions or assistant buttons gets no empty row. */}
              <div className="hidden flex-wrap items-center gap-2 has-[>:not(:empty)]:flex">
                {actions}
                {assistantSlot}
              </div>
            </div>
            <EmailVerificationBanner />
            {children}
          </div>
        )}
      </AssistantDockProvider>
    </PageShell>
  );
}
