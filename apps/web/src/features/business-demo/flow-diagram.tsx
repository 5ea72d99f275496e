import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { layoutFlow, mirrorLayout, wrapText, type FlowSpec, type FlowTone, type FlowValue } from './flow-layout';
import { useMoney } from './use-money';

const toneClass: Record<FlowTone, string> = {
  source: 'fill-accent stroke-primary',
  hub: 'fill-amber-50 stroke-amber-700',
  sink: 'fill-background stroke-primary/50',
  highlight: 'fill-primary/10 stroke-primary',
  muted: 'fill-muted stroke-muted-foreground/50',
};

/** Formats a diagram figure in the reader's language. */
export function useFlowValue() {
  const { t } = useTranslation('demo');
  const money = useMoney();
  return (value: FlowValue): string => {
    switch (value.kind) {
      case 'cents':
        return money.cents(value.amount);
      case 'points':
        return t('flows.points', { count: value.amount, n: money.number(value.amount) });
      case 'percent':
        return money.ratio(value.amount);
      case 'multiplier':
        return t('flows.multiplier', { value: money.number(value.amount) });
      case 'number':
        return money.number(value.amount);
    }
  };
}

/**
 * One flow diagram drawn in SVG from its spec: labelled boxes and arrows, with the figures of the
 * current inputs. Its accessible name is the diagram's title; its description reads every box and arrow.
 */
export function FlowDiagram({ spec, testId }: { spec: FlowSpec; testId?: string }) {
  const { t, i18n } = useTranslation('demo');
  const format = useFlowValue();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const isRtl = i18n.dir(i18n.language) === 'rtl';
  const base = layoutFlow(spec);
  const layout = isRtl ? mirrorLayout(base) : base;
  const text = (id: string) => {
    const node = spec.nodes.find((n) => n.id === id)!;
    const params = Object.fromEntries(Object.entries(node.params ?? {}).map(([key, value]) => [key, format(value)]));
    return {
      title: t(`flows.${spec.id}.nodes.${id}.title`),
      detail: t(`flows.${spec.id}.nodes.${id}.detail`, params),
      value: node.value ? format(node.value) : null,
    };
  };
  const description = [
    ...spec.nodes.map((node) => {
      const { title, value, detail } = text(node.id);
      return value ? `${title}: ${value} (${detail})` : `${title} (${detail})`;
    }),
    ...spec.edges.map((edge) => t('flows.edge', { from: text(edge.from).title, to: text(edge.to).title })),
  ].join('. ');
  const titleId = `${uid}-title`;
  const descId = `${uid}-desc`;
  const markerId = `${uid}-arrow`;
  // Drawn at least at its own size, so no text is under 12 px on a phone: a narrow screen scrolls the
  // diagram sideways in its own region (focusable, so the keyboard scrolls it too) instead.
  return (
    <div className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-ring" tabIndex={0} role="group" aria-labelledby={titleId}>
      <svg
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="h-auto w-full"
        style={{ minWidth: layout.width }}
        data-testid={testId}
      >
        <title id={titleId}>{t(`flows.${spec.id}.title`)}</title>
        <desc id={descId}>{description}</desc>
        <defs>
          <marker id={markerId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse" markerUnits="userSpaceOnUse">
            <path d="M 0 0 L 10 5 L 0 10 z" className="fill-primary" />
          </marker>
        </defs>
        {layout.edges.map((edge) => (
          <path
            key={`${edge.from}-${edge.to}`}
            d={edge.path}
            fill="none"
            strokeWidth={edge.emphasis ? 3.5 : 2}
            strokeDasharray={edge.dashed ? '6 4' : undefined}
            className="stroke-primary"
            markerEnd={`url(#${markerId})`}
          />
        ))}
        {layout.nodes.map((node) => {
          const { title, value, detail } = text(node.id);
          const lines = [
            { text: title, className: 'fill-foreground text-[14px] font-semibold' },
            ...(value ? [{ text: value, className: 'fill-primary text-[16px] font-bold' }] : []),
            ...wrapText(detail, 30, value ? 2 : 3).map((line) => ({ text: line, className: 'fill-muted-foreground text-[12px]' })),
          ];
          const lineHeight = 17;
          const firstY = node.y + node.height / 2 - ((lines.length - 1) * lineHeight) / 2;
          return (
            <g key={node.id} data-node={node.id} data-tone={node.tone}>
              <rect
                x={node.x}
                y={node.y}
                width={node.width}
                height={node.height}
                rx={12}
                strokeWidth={node.tone === 'highlight' ? 3 : 2}
                className={cn(toneClass[node.tone ?? 'sink'])}
              />
              {lines.map((line, index) => (
                <text
                  key={index}
                  x={node.x + node.width / 2}
                  y={firstY + index * lineHeight}
                  textAnchor="middle"
                  dominantBaseline="middle"
                  className={line.className}
                >
                  {line.text}
                </text>
              ))}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
