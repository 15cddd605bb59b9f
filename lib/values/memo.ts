/** A bounded cache of a pure function of a string (compiled format models): cleared when full. */
export function memoByText<T>(build: (text: string) => T, max = 500): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    let v = cache.get(text);
    if (v === undefined) {
      v = build(text);
      if (cache.size >= max) cache.clear();
      cache.set(text, v);
    }
    return v;
  };
}
