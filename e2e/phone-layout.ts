import type { Page } from '@playwright/test';

/** The phones of issue 19: the narrowest common Android, an iPhone, a large iPhone. */
export const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 430, height: 932 },
] as const;

/**
 * What is wrong with the page as it is on screen now, one sentence per problem, naming the elements
 * by tag, test id and text so a failure says which element covers which:
 * - the page scrolls sideways (document wider than the window);
 * - an element fixed or sticky to the window (a floating button, a toast, the header) overlaps a
 *   button, a link, a field or a piece of text it does not contain;
 * - two interactive elements overlap (neither inside the other: a field's own clear button is fine);
 * - visible text is smaller than 12 px.
 * The sticky header is checked at the top of the page only: below that, content scrolling under it
 * is how a sticky header works (it is not in the way: the content scrolls clear of it). A bar sticky
 * to the bottom (the booking page's Request bar) is checked at the end of the page only, for the same
 * reason: what is under it at first scrolls clear, and at the end nothing may stay under it. Toasts
 * are transient messages in the topmost layer, with their own Close: they are not counted as covering
 * the page, and nothing counts as covering them.
 */
export async function layoutProblems(page: Page, where: string): Promise<string[]> {
  return page.evaluate((where) => {
    const problems: string[] = [];
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    const atTop = window.scrollY < 1;
    const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    const isToast = (element: Element) => element.closest('[data-toast-viewport]') !== null;

    function describe(element: Element): string {
      const own = element.getAttribute('data-testid');
      const within = own ? null : element.parentElement?.closest('[data-testid]')?.getAttribute('data-testid');
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return `<${element.tagName.toLowerCase()}${own ? ` data-testid=${own}` : ''}> "${name}"${within ? ` (in ${within})` : ''}`;
    }
    function isShown(element: Element, isInViewport = true): boolean {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const box = element.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) return false;
      // Screen-reader-only text (a 1 px clipped box) is not on screen.
      const style = getComputedStyle(element);
      if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return false;
      return !isInViewport || (box.bottom > 0 && box.top < viewport.height && box.right > 0 && box.left < viewport.width);
    }
    function overlap(a: DOMRect, b: DOMRect): boolean {
      // A pixel of rounding or of a shared border is not an overlap.
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      return x > 1 && y > 1;
    }
    const related = (a: Element, b: Element) => a === b || a.contains(b) || b.contains(a);

    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > viewport.width) {
      const outside = Array.from(document.body.querySelectorAll('*')).filter(
        (element) => element.children.length === 0 && element.getBoundingClientRect().right > viewport.width + 0.5,
      );
      problems.push(`${where}: the page is ${pageWidth}px wide on a ${viewport.width}px screen (${outside.slice(0, 3).map(describe).join(', ')})`);
    }

    const interactive = Array.from(
      document.querySelectorAll(
        'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=tab], [role=switch], [role=checkbox], [role=radio], [role=option]',
      ),
    ).filter((element) => isShown(element, false));
    // Map markers and controls sit on the map's tiles by design, and markers may touch each other.
    const onMap = (element: Element) => element.closest('.leaflet-container') !== null;

    // Text: every visible text node, measured by its own box (not its parent's, which may be wider).
    const texts: { element: Element; box: DOMRect; text: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript, title') || !isShown(parent, false)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      if (box.bottom > 0 && box.top < viewport.height) texts.push({ element: parent, box, text: text.slice(0, 50) });
      const size = parseFloat(getComputedStyle(parent).fontSize);
      // SVG text is drawn at its font size times the drawing's scale.
      const svg = parent.closest('svg');
      let scale = 1;
      if (svg && parent instanceof SVGGraphicsElement) {
        const matrix = parent.getScreenCTM();
        if (matrix) scale = Math.hypot(matrix.a, matrix.b);
      }
      if (size * scale < 11.95) problems.push(`${where}: text "${text.slice(0, 50)}" in ${describe(parent)} is ${(size * scale).toFixed(1)}px (under 12px)`);
    }

    // What floats over the page: fixed, and sticky once stuck (checked at the top of the page only).
    const floating = Array.from(document.body.querySelectorAll('*')).filter((element) => {
      const position = getComputedStyle(element).position;
      if (position !== 'fixed' && position !== 'sticky') return false;
      if (position === 'sticky') {
        const isBottomBar = getComputedStyle(element).bottom !== 'auto';
        if (isBottomBar ? !atEnd : !atTop) return false;
      }
      return isShown(element) && !hasFloatingAncestor(element) && !isToast(element);
    });
    function hasFloatingAncestor(element: Element): boolean {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const position = getComputedStyle(parent).position;
        if (position === 'fixed' || position === 'sticky') return true;
      }
      return false;
    }
    for (const cover of floating) {
      const coverBox = cover.getBoundingClientRect();
      for (const element of interactive) {
        if (related(cover, element) || isToast(element)) continue;
        if (overlap(coverBox, element.getBoundingClientRect()))
          problems.push(`${where}: ${describe(cover)} (${getComputedStyle(cover).position}) covers ${describe(element)}`);
      }
      for (const { element, box, text } of texts) {
        if (cover.contains(element) || element.contains(cover) || isToast(element)) continue;
        if (overlap(coverBox, box)) problems.push(`${where}: ${describe(cover)} (${getComputedStyle(cover).position}) covers the text "${text}"`);
      }
    }

    // Two controls in different layers (one in the header, one scrolled under it) are the header's
    // business, checked above; two in the same layer must not overlap.
    function layer(element: Element): Element | null {
      let outermost: Element | null = null;
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === 'fixed' || position === 'sticky') outermost = node;
      }
      return outermost;
    }
    const boxes = new Map(interactive.map((element) => [element, element.getBoundingClientRect()]));
    const inside = (outer: DOMRect, inner: DOMRect) =>
      inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;
    const isField = (element: Element) => element.matches('input, textarea, select');
    interactive.forEach((first, index) => {
      if (onMap(first)) return;
      const a = boxes.get(first)!;
      for (const second of interactive.slice(index + 1)) {
        const b = boxes.get(second)!;
        if (!overlap(a, b) || onMap(second) || related(first, second) || layer(first) !== layer(second)) continue;
        // A button drawn inside a field (its clear or show-password button) is fine.
        if ((isField(first) && inside(a, b)) || (isField(second) && inside(b, a))) continue;
        problems.push(`${where}: ${describe(first)} and ${describe(second)} overlap`);
      }
    });
    return problems;
  }, where);
}

/**
 * The page at each phone size, at its top and scrolled to its end (the footer and the last buttons,
 * where a floating button sat on the legal text): every problem found, labelled with the page and size.
 */
export async function phoneLayoutProblems(page: Page, label: string, settle: () => Promise<void> = async () => {}): Promise<string[]> {
  const problems: string[] = [];
  for (const size of PHONES) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle();
    await nextFrames(page);
    problems.push(...(await layoutProblems(page, `${label} at ${size.width}x${size.height}, top`)));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await nextFrames(page);
    problems.push(...(await layoutProblems(page, `${label} at ${size.width}x${size.height}, end`)));
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return [...new Set(problems)];
}

async function nextFrames(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
