import type { ReactNode } from 'react';

/** The eyebrow, h2 and lead paragraph that open each landing section; `id` is for aria-labelledby. */
export function SectionHeading({ id, eyebrow, title, subtitle }: { id: string; eyebrow: string; title: string; subtitle?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {subtitle ? <p className="mt-4 text-lg text-pretty text-muted-foreground">{subtitle}</p> : null}
    </div>
  );
}
