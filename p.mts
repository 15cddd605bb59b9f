import { init, parse, Dialect } from '@polyglot-sql/sdk';
await init();
const { builtinFunctions } = await import('./lib/sql/functions/index.ts');
console.log(builtinFunctions().length);
