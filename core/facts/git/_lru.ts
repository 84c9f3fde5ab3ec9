/**
 * Private: a byte-bounded least-recently-used map (Map insertion order is
 * the recency order).
 * @module
 */

/** Keeps values while their summed weight stays under a budget. */
export class ByteLru<K, V> {
  #map = new Map<K, { value: V; weight: number }>();
  #total = 0;
  #budget: number;

  constructor(budget: number) {
    this.#budget = budget;
  }

  get(key: K): V | undefined {
    const hit = this.#map.get(key);
    if (hit === undefined) return undefined;
    this.#map.delete(key);
    this.#map.set(key, hit);
    return hit.value;
  }

  set(key: K, value: V, weight: number): void {
    if (weight > this.#budget) return;
    const old = this.#map.get(key);
    if (old !== undefined) {
      this.#total -= old.weight;
      this.#map.delete(key);
    }
    this.#map.set(key, { value, weight });
    this.#total += weight;
    for (const [k, v] of this.#map) {
      if (this.#total <= this.#budget) break;
      this.#map.delete(k);
      this.#total -= v.weight;
    }
  }
}
