/**
 * A VARIANT compared with a value of another type compares as that type, as in Snowflake:
 * `v:a = 'x'` is true for the VARIANT string "x", `v:n > 3` compares numbers. The VARIANT side is
 * cast (VARCHAR for text, FLOAT for numbers, the type itself otherwise).
 */
import type { Typed } from '../functions';
import { isSemiStructured } from '../tree/variant-tags';
import type { Node } from '../parse';
import { types, type SfType } from '../types';
import { castTo } from '../tree/convert';

function comparedAs(t: SfType): SfType {
  if (t.wire === 'text') return types.varchar();
  if (t.wire === 'fixed' || t.wire === 'real') return types.float();
  return t;
}

/** The comparison's operands (and their types) with a VARIANT side cast to the other side's type. */
export function variantOperands(left: Node, right: Node, a: Typed, b: Typed): [Node, Node, Typed, Typed] {
  if (isSemiStructured(a.type) && b.type && !isSemiStructured(b.type)) {
    const t = comparedAs(b.type);
    return [castTo(left, a.type, t), right, { type: t, nullable: a.nullable }, b];
  }
  if (isSemiStructured(b.type) && a.type && !isSemiStructured(a.type)) {
    const t = comparedAs(a.type);
    return [left, castTo(right, b.type, t), a, { type: t, nullable: b.nullable }];
  }
  return [left, right, a, b];
}
