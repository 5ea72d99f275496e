import { describe, expect, it } from 'vitest';
import { COLUMN_GAP, layoutFlow, mirrorLayout, NODE_HEIGHT, NODE_WIDTH, PADDING, ROW_GAP, wrapText } from './flow-layout';

const spec = {
  id: 'test',
  nodes: [
    { id: 'a', column: 0, row: 0.5 },
    { id: 'b', column: 1, row: 0 },
    { id: 'c', column: 1, row: 1 },
    { id: 'd', column: 2, row: 0.5 },
  ],
  edges: [
    { from: 'a', to: 'b' },
    { from: 'b', to: 'c' },
    { from: 'c', to: 'd' },
    { from: 'a', to: 'd' },
  ],
};

describe('layoutFlow', () => {
  it('places nodes on the grid and sizes the drawing around them', () => {
    const layout = layoutFlow(spec);
    const b = layout.nodes.find((n) => n.id === 'b')!;
    expect(b).toMatchObject({ x: PADDING + NODE_WIDTH + COLUMN_GAP, y: PADDING, width: NODE_WIDTH, height: NODE_HEIGHT });
    expect(layout.width).toBe(PADDING * 2 + 3 * NODE_WIDTH + 2 * COLUMN_GAP);
    expect(layout.height).toBe(PADDING * 2 + 2 * NODE_HEIGHT + ROW_GAP);
  });

  it('routes edges side to side between columns and down within a column', () => {
    const layout = layoutFlow(spec);
    const path = (from: string, to: string) => layout.edges.find((e) => e.from === from && e.to === to)!.path;
    const a = layout.nodes[0]!;
    const b = layout.nodes[1]!;
    // a → b leaves a's right side at its centre and enters b's left side at its centre.
    expect(path('a', 'b')).toBe(
      `M ${a.x + NODE_WIDTH} ${a.y + NODE_HEIGHT / 2} C ${(a.x + NODE_WIDTH + b.x) / 2} ${a.y + NODE_HEIGHT / 2}, ${(a.x + NODE_WIDTH + b.x) / 2} ${b.y + NODE_HEIGHT / 2}, ${b.x} ${b.y + NODE_HEIGHT / 2}`,
    );
    expect(path('b', 'c')).toBe(`M ${b.x + NODE_WIDTH / 2} ${b.y + NODE_HEIGHT} V ${b.y + NODE_HEIGHT + ROW_GAP}`);
    // Same row: a straight line.
    expect(path('a', 'd')).toMatch(/^M [\d.]+ [\d.]+ H [\d.]+$/);
  });

  it('never overlaps two boxes, and refuses two nodes in a cell or an edge to nowhere', () => {
    const { nodes } = layoutFlow(spec);
    for (const p of nodes)
      for (const q of nodes) if (p !== q) expect(p.x + p.width <= q.x || q.x + q.width <= p.x || p.y + p.height <= q.y || q.y + q.height <= p.y).toBe(true);
    expect(() => layoutFlow({ ...spec, nodes: [...spec.nodes, { id: 'e', column: 1, row: 1 }] })).toThrow(RangeError);
    expect(() => layoutFlow({ ...spec, edges: [{ from: 'a', to: 'z' }] })).toThrow(RangeError);
  });

  it('mirrors for right-to-left readers: the first column is on the right and arrows still join the boxes', () => {
    const layout = layoutFlow(spec);
    const mirrored = mirrorLayout(layout);
    const a = mirrored.nodes[0]!;
    const b = mirrored.nodes[1]!;
    expect(a.x).toBe(layout.width - PADDING - NODE_WIDTH);
    expect(mirrored.edges[0]!.path.startsWith(`M ${a.x} ${a.y + NODE_HEIGHT / 2}`)).toBe(true);
    expect(mirrored.edges[0]!.path.endsWith(`${b.x + NODE_WIDTH} ${b.y + NODE_HEIGHT / 2}`)).toBe(true);
  });
});

describe('wrapText', () => {
  it('wraps at spaces, or at characters for scripts without them, and marks what it cuts', () => {
    expect(wrapText('one two three four', 9)).toEqual(['one two', 'three…']);
    expect(wrapText('short', 30)).toEqual(['short']);
    expect(wrapText('由本地许可方审核证件', 4)).toEqual(['由本地许', '可方审核…']);
  });
});
