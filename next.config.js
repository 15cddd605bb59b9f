/** @type {import('next').NextConfig} */
const nextConfig = {
  // sql.js loads its .wasm relative to its own files: keep it out of the bundle (engine-notes §5).
  serverExternalPackages: ['sql.js', '@polyglot-sql/sdk'],
  // Partitions are gzip-encoded by Floe itself (only above 64 KB, off the event loop).
  compress: false,
  poweredByHeader: false,
  outputFileTracingIncludes: { '/api/**': ['./node_modules/sql.js/dist/sql-wasm.wasm', './build/**'] },
};
module.exports = nextConfig;
