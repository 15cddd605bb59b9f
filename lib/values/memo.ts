/**
 * Bounded memos of pure functions of a string: compiled format models here, parsed and generated
 * SQL in lib/sql/parse.ts. Least-recently-used entries go first (a Map keeps insertion order).
 */
export class Memo<V> {
  private readonly map = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
}

/** `build` memoised by its text argument. */
export function memoByText<T>(build: (text: string) => T, max = 500): (text: string) => T {
  const memo = new Memo<T>(max);
  return (text) => {
    let v = memo.get(text);
    if (v === undefined) {
      v = build(text);
      memo.set(text, v);
    }
    return v;
  };
}
