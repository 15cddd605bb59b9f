import { startServer } from './scripts/floe-server.mjs';
import fs from 'node:fs';
const s = await startServer({ pgAdminUrl: 'postgres://postgres@127.0.0.1:34539/postgres', port: 3962 });
fs.writeFileSync('/tmp/pgfunc-probe.json', JSON.stringify({ url: s.url, token: s.token }));
console.log('ready', s.url);
process.on('SIGTERM', async () => { await s.dispose(); process.exit(0); });
setInterval(() => {}, 1 << 30);
