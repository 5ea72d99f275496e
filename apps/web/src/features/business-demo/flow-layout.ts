/**
 * Layout of the flow diagrams: nodes on a grid of columns and rows, edges as paths between box sides.
 * Pure data, so the geometry is unit-tested and the SVG component only draws it.
 */

export type FlowTone = 'source' | 'hub' | 'sink' | 'highlight' | 'muted';

/** A figure shown in a node, formatted by the component in the reader's language. */
export type FlowValue =
  | { kind: 'cents'; amount: number }
  | { kind: 'points'; amount: number }
  | { kind: 'percent'; amount: number }
  | { kind: 'multiplier'; amount: number }
  | { kind: 'number'; amount: number };

export type FlowNodeSpec = {
  id: string;
  /** 0-based column (left to right) and row (top to bottom); rows may be fractional to centre a node. */
  column: number;
  row: number;
  tone?: FlowTone;
  value?: FlowValue;
  /** Values for the detail line's placeholders. */
  params?: Record<string, FlowValue>;
};

export type FlowEdgeSpec = { from: string; to: string; emphasis?: boolean; dashed?: boolean };

export type FlowSpec = { id: string; nodes: FlowNodeSpec[]; edges: FlowEdgeSpec[] };

export type PlacedNode = FlowNodeSpec & { x: number; y: number; width: number; height: number };
export type PlacedEdge = FlowEdgeSpec & { path: string };
export type FlowLayout = { width: number; height: number; nodes: PlacedNode[]; edges: PlacedEdge[] };

export const NODE_WIDTH = 190;
export const NODE_HEIGHT = 84;
export const COLUMN_GAP = 64;
export const ROW_GAP = 22;
export const PADDING = 12;

/** Places every node and routes every edge; throws on an edge to an unknown node or two nodes in one cell. */
export function layoutFlow(spec: FlowSpec): FlowLayout {
  const cells = new Set<string>();
  const nodes: PlacedNode[] = spec.nodes.map((node) => {
    const cell = `${node.column}:${node.row}`;
    if (cells.has(cell)) throw new RangeError(`two nodes in cell ${cell} of ${spec.id}`);
    cells.add(cell);
    return {
      ...node,
      x: PADDING + node.column * (NODE_WIDTH + COLUMN_GAP),
      y: PADDING + node.row * (NODE_HEIGHT + ROW_GAP),
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
    };
  });
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const edges = spec.edges.map((edge) => {
    const from = byId.get(edge.from);
    const to = byId.get(edge.to);
    if (!from || !to) throw new RangeError(`edge ${edge.from} -> ${edge.to} of ${spec.id} names an unknown node`);
    return { ...edge, path: edgePath(from, to) };
  });
  const width = Math.max(...nodes.map((node) => node.x + node.width)) + PADDING;
  const height = Math.max(...nodes.map((node) => node.y + node.height)) + PADDING;
  return { width, height, nodes, edges };
}

/** Side to side (a curve) between columns; bottom to top within a column. Decided on positions, so mirrored layouts route too. */
export function edgePath(from: PlacedNode, to: PlacedNode): string {
  const fromCy = from.y + from.height / 2;
  const toCy = to.y + to.height / 2;
  if (from.x === to.x) {
    const x = from.x + from.width / 2;
    return to.y > from.y ? `M ${x} ${from.y + from.height} V ${to.y}` : `M ${x} ${from.y} V ${to.y + to.height}`;
  }
  const forward = to.x > from.x;
  const x1 = forward ? from.x + from.width : from.x;
  const x2 = forward ? to.x : to.x + to.width;
  if (Math.abs(fromCy - toCy) < 0.5) return `M ${x1} ${fromCy} H ${x2}`;
  const mid = (x1 + x2) / 2;
  return `M ${x1} ${fromCy} C ${mid} ${fromCy}, ${mid} ${toCy}, ${x2} ${toCy}`;
}

/** Mirrors a layout for right-to-left readers (x → width − x − node width), so flows run from right to left. */
export function mirrorLayout(layout: FlowLayout): FlowLayout {
  const nodes = layout.nodes.map((node) => ({ ...node, x: layout.width - node.x - node.width }));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  return { ...layout, nodes, edges: layout.edges.map((edge) => ({ ...edge, path: edgePath(byId.get(edge.from)!, byId.get(edge.to)!) })) };
}

/** Splits `text` into at most `maxLines` lines of about `maxChars` characters (at spaces when there are any). */
export function wrapText(text: string, maxChars: number, maxLines = 2): string[] {
  const words = text.includes(' ') ? text.split(' ') : Array.from(text);
  const joiner = text.includes(' ') ? ' ' : '';
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line === '' ? word : `${line}${joiner}${word}`;
    if (Array.from(candidate).length > maxChars && line !== '') {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line !== '') lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
  return kept;
}
