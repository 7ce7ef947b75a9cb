// autocannon.mjs, then its own CPU time on a second JSON line: the load generator's cost per request
// (bench/cluster.ts), read from inside because the process is gone before its parent could read /proc.
await import('./autocannon.mjs');
const { user, system } = process.cpuUsage();
process.stdout.write(`${JSON.stringify({ loadCpuMs: (user + system) / 1000 })}\n`);
