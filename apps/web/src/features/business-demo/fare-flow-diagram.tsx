import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { ADMIN_SPLIT_BPS, ESCROW_DAYS, FEE_BPS, type FareExample } from './fare-example';
import { useMoney } from './use-money';

type NodeId = 'rider' | 'escrow' | 'driver' | 'licensee' | 'platform' | 'csr';
type Box = { cx: number; cy: number; w: number; h: number };
type Layout = { width: number; height: number; direction: 'across' | 'down'; boxes: Record<NodeId, Box> };
type Line = { text: string; kind: 'title' | 'amount' | 'detail' };

/** Wide screens: rider → escrow → four payees in a column. */
const across: Layout = {
  width: 820,
  height: 400,
  direction: 'across',
  boxes: {
    rider: { cx: 100, cy: 194, w: 180, h: 92 },
    escrow: { cx: 365, cy: 194, w: 170, h: 76 },
    driver: { cx: 680, cy: 50, w: 240, h: 84 },
    licensee: { cx: 680, cy: 146, w: 240, h: 84 },
    platform: { cx: 680, cy: 242, w: 240, h: 84 },
    csr: { cx: 680, cy: 338, w: 240, h: 84 },
  },
};

/** Phones: everything in one column; the payees hang off a rail along the start edge. */
const RAIL_X = 16;
const down: Layout = {
  width: 320,
  height: 612,
  direction: 'down',
  boxes: {
    rider: { cx: 160, cy: 48, w: 240, h: 92 },
    escrow: { cx: 160, cy: 172, w: 240, h: 64 },
    driver: { cx: 178, cy: 264, w: 276, h: 80 },
    licensee: { cx: 178, cy: 366, w: 276, h: 80 },
    platform: { cx: 178, cy: 468, w: 276, h: 80 },
    csr: { cx: 178, cy: 570, w: 276, h: 80 },
  },
};

const payees = ['driver', 'licensee', 'platform', 'csr'] as const;

/** Right-to-left readers see the flow run from right to left, so every x is mirrored. */
function mirrored(layout: Layout, isRtl: boolean): Layout {
  if (!isRtl) return layout;
  const boxes = Object.fromEntries(Object.entries(layout.boxes).map(([id, box]) => [id, { ...box, cx: layout.width - box.cx }])) as Record<NodeId, Box>;
  return { ...layout, boxes };
}

function edgePath(from: Box, to: Box, layout: Layout, isRtl: boolean): string {
  if (layout.direction === 'down') {
    if (Math.abs(from.cx - to.cx) < 1) return `M ${from.cx} ${from.cy + from.h / 2} V ${to.cy - to.h / 2}`;
    // Out of the escrow's start side, down the rail, into the payee's start side, with rounded corners.
    const sign = isRtl ? -1 : 1;
    const railX = isRtl ? layout.width - RAIL_X : RAIL_X;
    const startX = from.cx - (sign * from.w) / 2;
    const endX = to.cx - (sign * to.w) / 2;
    const r = 8;
    return `M ${startX} ${from.cy} H ${railX + sign * r} Q ${railX} ${from.cy} ${railX} ${from.cy + r} V ${to.cy - r} Q ${railX} ${to.cy} ${railX + sign * r} ${to.cy} H ${endX}`;
  }
  const sign = to.cx > from.cx ? 1 : -1;
  const [x1, y1, x2, y2] = [from.cx + (sign * from.w) / 2, from.cy, to.cx - (sign * to.w) / 2, to.cy];
  const midX = (x1 + x2) / 2;
  return `M ${x1} ${y1} C ${midX} ${y1}, ${midX} ${y2}, ${x2} ${y2}`;
}

const lineClass: Record<Line['kind'], string> = {
  title: 'fill-foreground text-[15px] font-semibold',
  amount: 'fill-primary text-[17px] font-bold',
  detail: 'fill-muted-foreground text-[12.5px]',
};

function FlowNode({ box, lines, tone }: { box: Box; lines: Line[]; tone: 'rider' | 'escrow' | 'payee' }) {
  const lineHeight = 21;
  const firstY = box.cy - ((lines.length - 1) * lineHeight) / 2;
  return (
    <g>
      <rect
        x={box.cx - box.w / 2}
        y={box.cy - box.h / 2}
        width={box.w}
        height={box.h}
        rx={12}
        strokeWidth={2}
        className={cn(
          tone === 'rider' && 'fill-accent stroke-primary',
          tone === 'escrow' && 'fill-amber-50 stroke-amber-600',
          tone === 'payee' && 'fill-background stroke-primary/40',
        )}
      />
      {lines.map((line, index) => (
        <text key={line.kind + index} x={box.cx} y={firstY + index * lineHeight} textAnchor="middle" dominantBaseline="middle" className={lineClass[line.kind]}>
          {line.text}
        </text>
      ))}
    </g>
  );
}

function Diagram({ layout, fare, className }: { layout: Layout; fare: FareExample; className?: string }) {
  const { t, i18n } = useTranslation('demo');
  const money = useMoney();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const isRtl = i18n.dir(i18n.language) === 'rtl';
  const { boxes } = mirrored(layout, isRtl);
  const { split } = fare;
  const amounts = {
    driver: split.driver,
    licensee: split.licensee,
    platform: split.platformSoftware + split.corporateAdmin,
    csr: split.globalCsr + split.localCsr,
  };
  const payeeDetail = {
    driver: t('flows.nodes.driverDetail'),
    licensee: money.bps(ADMIN_SPLIT_BPS.licensee),
    platform: t('flows.nodes.platformDetail', { software: money.bps(FEE_BPS.platformFee), admin: money.bps(ADMIN_SPLIT_BPS.corporateAdmin) }),
    csr: t('flows.nodes.csrDetail', { global: money.bps(ADMIN_SPLIT_BPS.globalCsr), local: money.bps(ADMIN_SPLIT_BPS.localCsr) }),
  };
  const titleId = `${uid}-title`;
  const descId = `${uid}-desc`;
  const markerId = `${uid}-arrow`;

  return (
    <svg
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
      className={cn('h-auto w-full', className)}
    >
      <title id={titleId}>{t('flows.diagramTitle')}</title>
      <desc id={descId}>
        {t('flows.diagramDescription', {
          total: money.cents(fare.paid),
          count: ESCROW_DAYS,
          driver: money.cents(amounts.driver),
          licensee: money.cents(amounts.licensee),
          platform: money.cents(amounts.platform),
          csr: money.cents(amounts.csr),
        })}
      </desc>
      <defs>
        <marker id={markerId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse" markerUnits="userSpaceOnUse">
          <path d="M 0 0 L 10 5 L 0 10 z" className="fill-primary" />
        </marker>
      </defs>

      <path d={edgePath(boxes.rider, boxes.escrow, layout, isRtl)} fill="none" strokeWidth={3} className="stroke-primary" markerEnd={`url(#${markerId})`} />
      {payees.map((payee) => (
        <path
          key={payee}
          d={edgePath(boxes.escrow, boxes[payee], layout, isRtl)}
          fill="none"
          strokeWidth={payee === 'driver' ? (layout.direction === 'across' ? 5 : 3) : 2}
          strokeDasharray={payee === 'driver' ? undefined : '6 4'}
          className="stroke-primary"
          markerEnd={`url(#${markerId})`}
        />
      ))}

      <FlowNode
        box={boxes.rider}
        tone="rider"
        lines={[
          { text: t('flows.nodes.rider'), kind: 'title' },
          { text: money.cents(fare.paid), kind: 'amount' },
          { text: t('flows.nodes.riderDetail', { fees: money.bps(FEE_BPS.platformFee + FEE_BPS.adminFee) }), kind: 'detail' },
        ]}
      />
      <FlowNode
        box={boxes.escrow}
        tone="escrow"
        lines={[
          { text: t('flows.nodes.escrow'), kind: 'title' },
          { text: t('flows.nodes.escrowDetail', { count: ESCROW_DAYS }), kind: 'detail' },
        ]}
      />
      {payees.map((payee) => (
        <FlowNode
          key={payee}
          box={boxes[payee]}
          tone="payee"
          lines={[
            { text: t(`flows.nodes.${payee}`), kind: 'title' },
            { text: money.cents(amounts[payee]), kind: 'amount' },
            { text: payeeDetail[payee], kind: 'detail' },
          ]}
        />
      ))}
    </svg>
  );
}

/** The fare flow drawn in SVG: the wide layout from the sm breakpoint, the one-column layout on phones. */
export function FareFlowDiagram({ fare }: { fare: FareExample }) {
  return (
    <>
      <Diagram layout={across} fare={fare} className="hidden sm:block" />
      <Diagram layout={down} fare={fare} className="mx-auto max-w-sm sm:hidden" />
    </>
  );
}
