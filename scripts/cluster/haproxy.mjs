// HAProxy (2.6, Debian's) in front of the core processes: round robin, each process health-checked
// on GET /core/health, and a request retried on another process only when the connection could not
// even be opened (nothing was sent, so nothing can have run twice).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { alive, gone, HOST, portOpen, startDetached, waitFor } from './proc.mjs';

export function haproxyCfg({ port, cores }) {
  const servers = cores.map((core, i) => `  server core${i + 1} ${HOST}:${core} check`).join('\n');
  return `# Prism reference deployment (scripts/cluster/haproxy.mjs; docs/scaling.md "Reference deployment")
global
  maxconn 4000

defaults
  mode http
  option httplog
  # A process that does not accept within 2 s is treated as down for this request.
  timeout connect 2s
  # Long enough for a bet waiting on the synchronous standby or a failover in progress.
  timeout client 60s
  timeout server 60s
  # A health check may take this long: without it the check's timeout is \`inter\` (500 ms), and a
  # core saturated by load (npm run bench -- cluster, 1 core) answered /core/health later than that,
  # was marked down, and HAProxy refused everything with 503 while it was the only one.
  timeout check 3s
  # Retries only when the TCP connection failed (conn-failure): the request never reached a core,
  # so it is safe for a POST; a response that never came is NOT retried (the bet may have run).
  retries 3
  retry-on conn-failure
  # ...on another process, not the one that refused.
  option redispatch

frontend http
  bind ${HOST}:${port}
  default_backend core

backend core
  balance roundrobin
  option httpchk GET /core/health
  http-check expect status 200
  # Checked every 500 ms: down after 2 failures (~1 s), up after 2 successes.
  default-server inter 500ms fall 2 rise 2
${servers}
`;
}

export async function startHaproxy({ dir, port, cores }) {
  const cfg = path.join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyCfg({ port, cores }));
  // -db: stay in the foreground (our process group); -W would add a master process.
  const pid = startDetached('haproxy', ['-db', '-f', cfg], { log: path.join(dir, 'haproxy.log') });
  await waitFor(`HAProxy on port ${port}`, async () => {
    if (!alive(pid)) throw gone(`it exited (see ${dir}/haproxy.log)`);
    return portOpen(port);
  });
  return pid;
}
