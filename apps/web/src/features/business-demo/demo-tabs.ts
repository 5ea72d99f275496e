import {
  BarChart3Icon,
  CarFrontIcon,
  HeartHandshakeIcon,
  LayoutGridIcon,
  MapIcon,
  ReceiptIcon,
  ShieldCheckIcon,
  WorkflowIcon,
  type LucideIcon,
} from 'lucide-react';

/** The demo's eight tabs (product spec, business-logic demo page), in order. */
export const demoTabs = ['overview', 'flows', 'driver', 'rider', 'licensee', 'pricingMap', 'guarantees', 'community'] as const;
export type DemoTab = (typeof demoTabs)[number];

export const demoTabIcons: Record<DemoTab, LucideIcon> = {
  overview: LayoutGridIcon,
  flows: WorkflowIcon,
  driver: CarFrontIcon,
  rider: ReceiptIcon,
  licensee: BarChart3Icon,
  pricingMap: MapIcon,
  guarantees: ShieldCheckIcon,
  community: HeartHandshakeIcon,
};
