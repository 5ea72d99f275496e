import type { ReactNode } from 'react';
import { EmailVerificationBanner } from '@/components/account/email-verification-banner';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { AccountMenu } from './account-menu';
import { PageShell } from './page-shell';
import { SiteHeader } from './site-header';

/** Layout of the signed-in dashboards: header with the notification bell and account menu, a titled content area, footer. */
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
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
        <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
            {subtitle ? <p className="mt-1 text-muted-foreground">{subtitle}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
        <EmailVerificationBanner />
        {children}
      </div>
    </PageShell>
  );
}
