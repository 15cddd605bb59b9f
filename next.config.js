/** @type {import('next').NextConfig} */
const nextConfig = {
  // sql.js loads its .wasm relative to its own files: keep it out of the bundle (engine-notes §5).
  serverExternalPackages: ['sql.js', '@polyglot-sql/sdk'],
  // Route handlers cannot set Content-Encoding themselves (Next drops it), so Next's gzip does
  // it; Floe opts every response below 64 KB out with `Cache-Control: no-transform`.
  compress: true,
  poweredByHeader: false,
  outputFileTracingIncludes: { '/api/**': ['./node_modules/sql.js/dist/sql-wasm.wasm', './build/**'] },
};
module.exports = nextConfig;
