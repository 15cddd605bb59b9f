/** Semi-structured data functions: values are JSON text in SQLite. */
import { udfError } from '../../sqlite-errors';
import { converting, jsonValueOf, variadic, type Register } from './util';

export function registerSemiStructuredFunctions(reg: Register): void {
  reg('PARSE_JSON', converting((text: unknown) => {
    if (text === null) return null;
    try {
      return JSON.stringify(JSON.parse(String(text)));
    } catch {
      throw udfError('100069', '22P02', `Error parsing JSON: ${String(text).slice(0, 100)}`);
    }
  }));
  reg('OBJECT_CONSTRUCT', variadic((...args: unknown[]) => {
    const o: Record<string, unknown> = {};
    for (let i = 0; i + 1 < args.length; i += 2) {
      if (args[i] === null || args[i + 1] === null) continue;
      o[String(args[i])] = jsonValueOf(args[i + 1]);
    }
    return JSON.stringify(o);
  }));
  reg('ARRAY_CONSTRUCT', variadic((...args: unknown[]) => JSON.stringify(args.map((a) => (a === null ? null : jsonValueOf(a))))));

}
