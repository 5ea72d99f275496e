import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names and lets a later Tailwind utility override an earlier one of the same kind
 * (`cn('h-10 px-4', 'h-auto')` -> `px-4 h-auto`), so components accept overrides through className.
 * A compact stand-in for tailwind-merge (9 KB gzipped, too much for the first screen): it knows the
 * utility families this project uses, per variant prefix (`md:`, `hover:`, `data-[...]:`).
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs).split(' ').filter(Boolean);
  const lastByGroup = new Map<string, number>();
  classes.forEach((name, index) => lastByGroup.set(groupOf(name), index));
  return classes.filter((name, index) => lastByGroup.get(groupOf(name)) === index).join(' ');
}

const textSizes = new Set(['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl', '4xl', '5xl', '6xl', '7xl', '8xl', '9xl']);
const fontWeights = new Set(['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black']);
const displays = new Set(['block', 'inline-block', 'inline', 'flex', 'inline-flex', 'grid', 'inline-grid', 'hidden', 'contents', 'table', 'flow-root']);
const positions = new Set(['static', 'fixed', 'absolute', 'relative', 'sticky']);
/** Longest first, so `min-h-` wins over `h-`... by matching `min-h` before `m`. */
const families = [
  'min-h',
  'max-h',
  'min-w',
  'max-w',
  'size',
  'h',
  'w',
  'p',
  'px',
  'py',
  'pt',
  'pb',
  'ps',
  'pe',
  'pl',
  'pr',
  'm',
  'mx',
  'my',
  'mt',
  'mb',
  'ms',
  'me',
  'ml',
  'mr',
  'gap',
  'gap-x',
  'gap-y',
  'space-x',
  'space-y',
  'bg',
  'rounded',
  'shadow',
  'opacity',
  'overflow',
  'whitespace',
  'leading',
  'tracking',
  'items',
  'justify',
  'self',
  'z',
  'top',
  'bottom',
  'left',
  'right',
  'start',
  'end',
  'inset',
  'grid-cols',
  'col-span',
  'flex',
  'grow',
  'shrink',
  'basis',
  'order',
  'cursor',
  'outline',
  'ring',
  'translate-x',
  'translate-y',
  'duration',
].sort((a, b) => b.length - a.length);

function groupOf(name: string): string {
  const cut = name.lastIndexOf(':');
  const variant = cut === -1 ? '' : name.slice(0, cut + 1);
  const utility = (cut === -1 ? name : name.slice(cut + 1)).replace(/^!/, '').replace(/^-/, '');
  if (displays.has(utility)) return `${variant}display`;
  if (positions.has(utility)) return `${variant}position`;
  if (utility.startsWith('text-')) {
    const value = utility.slice(5).split('/')[0]!;
    return `${variant}${textSizes.has(value) || value.startsWith('[length') ? 'text-size' : ['left', 'center', 'right', 'start', 'end', 'justify'].includes(value) ? 'text-align' : 'text-color'}`;
  }
  if (utility.startsWith('font-')) return `${variant}${fontWeights.has(utility.slice(5)) ? 'font-weight' : 'font-family'}`;
  if (utility === 'border' || /^border(-[trblxyse])?(-\d+)?$/.test(utility)) return `${variant}${utility.replace(/-\d+$/, '')}-width`;
  if (utility.startsWith('border-')) return `${variant}border-color`;
  if (/^flex-(row|col)(-reverse)?$/.test(utility)) return `${variant}flex-direction`;
  if (/^flex-(wrap|nowrap|wrap-reverse)$/.test(utility)) return `${variant}flex-wrap`;
  const family = families.find((f) => utility === f || utility.startsWith(`${f}-`));
  // Unknown utilities never merge with anything: each is its own group.
  return family ? `${variant}${family}` : `${variant}${utility}:${name}`;
}
