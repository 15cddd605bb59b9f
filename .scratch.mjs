import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);

// ../../../tmp/values/scratch/gen2.ts
import fs from "node:fs";
import { generate, Dialect } from "@polyglot-sql/sdk";

// lib/sql/deep-trees.ts
function heightOf(value) {
  if (!value || typeof value !== "object") return 1;
  let h = 0;
  for (const v of Object.values(value)) h = Math.max(h, heightOf(v));
  return h + 1;
}

// ../../../tmp/values/scratch/gen2.ts
var node = JSON.parse(fs.readFileSync("/tmp/values/gen-fail.json", "utf8"));
var fails = /* @__PURE__ */ new Map();
var oks = /* @__PURE__ */ new Map();
function walk(x) {
  if (!x || typeof x !== "object") return;
  if (!Array.isArray(x) && Object.keys(x).length === 1) {
    const h = heightOf(x);
    if (h > 30) {
      const g = generate({ toJSON: () => [x] }, Dialect.SQLite);
      (g.success ? oks : fails).set(h, ((g.success ? oks : fails).get(h) ?? 0) + 1);
      if (!g.success && h < 70) console.log(h, g.error?.slice(0, 80));
    }
  }
  for (const v of Object.values(x)) walk(v);
}
for (let i = 0; i < 30; i++) walk(node);
console.log("fails", [...fails], "oks", [...oks]);
