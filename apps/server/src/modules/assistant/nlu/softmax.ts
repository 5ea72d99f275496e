/** Softmax regression (multinomial logistic regression) on sparse features. */

/** Deterministic PRNG (mulberry32) so that training, and so every score, is reproducible. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class SoftmaxClassifier {
  private readonly featureIndex = new Map<string, number>();
  private weights = new Float64Array(0);
  private bias = new Float64Array(0);

  constructor(
    readonly classes: string[],
    private readonly options = { epochs: 20, learningRate: 0.5, l2: 1e-4 },
  ) {}

  private encode(features: Record<string, number>, grow: boolean): [Int32Array, Float64Array] {
    const indices: number[] = [];
    const values: number[] = [];
    for (const [key, value] of Object.entries(features)) {
      let index = this.featureIndex.get(key);
      if (index === undefined && grow) {
        index = this.featureIndex.size;
        this.featureIndex.set(key, index);
      }
      if (index !== undefined) {
        indices.push(index);
        values.push(value);
      }
    }
    return [Int32Array.from(indices), Float64Array.from(values)];
  }

  private probabilities(indices: Int32Array, values: Float64Array, out: Float64Array) {
    const classes = this.classes.length;
    const weights = this.weights;
    const dimensions = this.featureIndex.size;
    let max = -Infinity;
    for (let c = 0; c < classes; c += 1) {
      let sum = this.bias[c]!;
      const offset = c * dimensions;
      for (let k = 0; k < indices.length; k += 1) sum += weights[offset + indices[k]!]! * values[k]!;
      out[c] = sum;
      if (sum > max) max = sum;
    }
    let total = 0;
    for (let c = 0; c < classes; c += 1) {
      out[c] = Math.exp(out[c]! - max);
      total += out[c]!;
    }
    for (let c = 0; c < classes; c += 1) out[c] = out[c]! / total;
  }

  train(samples: { features: Record<string, number>; label: string }[]) {
    const encoded = samples.map((sample) => ({ x: this.encode(sample.features, true), y: this.classes.indexOf(sample.label) }));
    const dimensions = this.featureIndex.size;
    const classes = this.classes.length;
    const weights = new Float64Array(dimensions * classes);
    const bias = new Float64Array(classes);
    this.weights = weights;
    this.bias = bias;
    const { epochs, learningRate, l2 } = this.options;
    const random = seededRandom(17);
    const order = Int32Array.from(encoded.keys());
    const probabilities = new Float64Array(classes);
    for (let epoch = 0; epoch < epochs; epoch += 1) {
      for (let i = order.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random() * (i + 1));
        const swap = order[i]!;
        order[i] = order[j]!;
        order[j] = swap;
      }
      const rate = learningRate / (1 + epoch * 0.1);
      for (let n = 0; n < order.length; n += 1) {
        const { x, y } = encoded[order[n]!]!;
        const indices = x[0];
        const values = x[1];
        this.probabilities(indices, values, probabilities);
        for (let c = 0; c < classes; c += 1) {
          const step = rate * (probabilities[c]! - (c === y ? 1 : 0));
          if (Math.abs(step) < 1e-7) continue;
          bias[c] = bias[c]! - step;
          const offset = c * dimensions;
          for (let k = 0; k < indices.length; k += 1) {
            const w = offset + indices[k]!;
            weights[w] = weights[w]! - step * values[k]!;
          }
        }
      }
      // Weight decay once per epoch (L2), cheaper than at every update.
      const decay = 1 - rate * l2 * order.length;
      for (let w = 0; w < weights.length; w += 1) weights[w] = weights[w]! * decay;
    }
  }

  run(features: Record<string, number>): Record<string, number> {
    const [indices, values] = this.encode(features, false);
    const probabilities = new Float64Array(this.classes.length);
    this.probabilities(indices, values, probabilities);
    return Object.fromEntries(this.classes.map((name, c) => [name, probabilities[c]!]));
  }
}
