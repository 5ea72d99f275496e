import type { ReactNode } from 'react';
import { PageShell } from '@/components/layout/page-shell';
import { SiteHeader } from '@/components/layout/site-header';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/** The frame of the account pages reached from a mail or the sign-in page: one titled card. */
export function AccountPageCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <PageShell header={<SiteHeader />}>
      <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12">
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-bold">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </div>
    </PageShell>
  );
}
