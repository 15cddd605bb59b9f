// Preloaded into the bench's Floe server (NODE_OPTIONS --require, set by bench/lib.mjs): measures
// how long the request thread's event loop is blocked, which wall latency alone cannot tell apart
// from waiting for a CPU on a loaded machine. Every 50 ms it appends the longest event-loop delay
// of the interval (perf_hooks.monitorEventLoopDelay) to FLOE_BENCH_LOOP_FILE as `<epoch ms> <max ms> <monotonic µs>`
// (the last is the clock of a .cpuprofile's timestamps)
// (intervals of at most 5 ms delay are left out). With FLOE_BENCH_CPU_PROFILE=<dir> it also
// profiles the request thread's CPU (node:inspector) and writes <dir>/floe-<pid>.cpuprofile on
// SIGUSR2, which bench/lib.mjs sends before stopping the server (--cpu-prof is not allowed in
// NODE_OPTIONS). Main thread of next-server only.
'use strict';
const { isMainThread } = require('node:worker_threads');
const file = process.env.FLOE_BENCH_LOOP_FILE;
if (isMainThread && file && process.argv.includes('start') && process.argv.some((a) => /[/\\]next$/.test(a))) {
  const fs = require('node:fs');
  const { monitorEventLoopDelay } = require('node:perf_hooks');
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const fd = fs.openSync(file, 'a');
  setInterval(() => {
    const max = h.max / 1e6;
    h.reset();
    if (max > 5) fs.writeSync(fd, `${Date.now()} ${max.toFixed(1)} ${process.hrtime.bigint() / 1000n}\n`);
  }, 50).unref();

  const profile = process.env.FLOE_BENCH_CPU_PROFILE;
  if (profile) {
    const inspector = require('node:inspector');
    const session = new inspector.Session();
    session.connect();
    session.post('Profiler.setSamplingInterval', { interval: 500 });
    session.post('Profiler.enable', () => session.post('Profiler.start'));
    process.on('SIGUSR2', () => {
      session.post('Profiler.stop', (err, r) => { if (!err) fs.writeFileSync(require('node:path').join(profile, `floe-${process.pid}.cpuprofile`), JSON.stringify(r.profile)); });
    });
  }
}
