/**
 * jsonv2 cell text → storage form: the inverse of the cell encoders for their default (epoch)
 * encodings, so a stored result can be read again as data (RESULT_SCAN). Cells rendered with a
 * custom *_OUTPUT_FORMAT are parsed leniently and stay text when that fails.
 */
import { convertBinding, type BoundValue } from './bindings';
import type { WireType } from './types';

const EPOCH_DECIMAL = /^(-?)(\d+)(?:\.(\d{1,9}))?$/;

/** '1609556645.123456' (epoch seconds with up to 9 decimals) → epoch nanoseconds, or null. */
function nanosOf(text: string): bigint | null {
  const m = EPOCH_DECIMAL.exec(text);
  if (!m) return null;
  const ns = BigInt(m[2]) * 1_000_000_000n + BigInt((m[3] ?? '').padEnd(9, '0'));
  return m[1] ? -ns : ns;
}

/** The binding (type, value) that stores the same value as a default-encoded cell. */
function bindingOf(type: WireType, cell: string): { type: string; value: string } | null {
  switch (type) {
    case 'fixed': return { type: 'FIXED', value: cell };
    case 'real': return { type: 'REAL', value: cell };
    case 'boolean': return { type: 'BOOLEAN', value: cell };
    case 'binary': return { type: 'BINARY', value: cell };
    case 'date': return /^-?\d+$/.test(cell) ? { type: 'DATE', value: String(BigInt(cell) * 86_400_000n) } : { type: 'DATE', value: cell };
    case 'time': case 'timestamp_ntz': case 'timestamp_ltz': {
      const ns = nanosOf(cell);
      return { type: type.toUpperCase(), value: ns === null ? cell : String(ns) };
    }
    case 'timestamp_tz': {
      const [secs, offset] = cell.split(' ');
      const ns = offset === undefined ? null : nanosOf(secs);
      return { type: 'TIMESTAMP_TZ', value: ns === null ? cell : `${ns} ${offset}` };
    }
    default: return null;
  }
}

/** Storage form of one result cell of the given wire type. */
export function storedFromWire(type: WireType, cell: string | null): BoundValue {
  if (cell === null) return null;
  const b = bindingOf(type, cell);
  if (!b) return cell;
  try {
    return convertBinding(b, 1).value;
  } catch {
    return cell;
  }
}
