// The shapes the TypeScript test (test.ts) reads from the plain .mjs modules.
export interface Server {
  name: string;
  port: number;
  dir: string;
  pid?: number;
}
export interface ClusterState {
  base: number;
  dir: string;
  archive: string;
  ports: { primary: number; replica: number; pgbouncer: number; haproxy: number; cores: number[]; restoreBase: number };
  secrets: { jwt: string; ops: string };
  coreEnv: Record<string, string>;
  primary: Server;
  replica?: Server;
  pgbouncer: { pid?: number; dir: string; port: number };
  haproxy: { pid?: number };
  cores: { pid?: number }[];
  backups: { dir: string; takenAt: string; endedAt: string }[];
  restored: { pid: number; port: number; url: string; seconds: number; to: string }[];
  groups?: number[];
}
export interface ClusterUrls {
  http: string;
  pooled: string;
  session: string;
  primary: string;
  replica?: string;
}
