import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./start-shop";

const run = promisify(execFile);

/**
 * A PostgreSQL server of a test's own, for tests that stop, restart or crash it: initdb into a
 * temporary folder, its own free port and socket folder, deleted at the end. Never the
 * machine's shared server. As root, PostgreSQL's programs run as the `postgres` user (it
 * refuses to run as root); otherwise as the current user.
 *
 *   const server = await startPrivatePostgres();
 *   try { const url = await server.createDatabase("shop"); … await server.restart("fast"); }
 *   finally { await server.remove(); }
 */
export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  adminUrl: string;
  /** Creates a database and gives its URL. */
  createDatabase(name: string): Promise<string>;
  /** `pg_ctl restart -m <mode>`: sessions end (fast: politely; immediate: as in a crash); resolves once it accepts connections again. */
  restart(mode: "fast" | "immediate"): Promise<void>;
  /** `pg_ctl stop -m <mode>`. */
  stop(mode: "fast" | "immediate"): Promise<void>;
  /** `pg_ctl start`, waiting until it accepts connections. */
  start(): Promise<void>;
  /** Stops the server (immediately) and deletes its folder. */
  remove(): Promise<void>;
}

/** The folder of PostgreSQL's programs: PG_BIN, else the newest /usr/lib/postgresql/<n>/bin with initdb. */
export function postgresBinaries(): string {
  const candidates = [process.env.PG_BIN, ...versionFolders()].filter((dir): dir is string => Boolean(dir));
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl")));
  if (!found) {
    throw new Error(
      "PostgreSQL's server programs (initdb, pg_ctl) were not found: install them (Debian: apt-get install postgresql-15) " +
        "or set PG_BIN to their folder.",
    );
  }
  return found;
}

function versionFolders(): string[] {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(root, version, "bin"));
}

const asRoot = process.getuid?.() === 0;

/** Runs one of PostgreSQL's programs, as `postgres` when we are root. */
async function pgProgram(bin: string, program: string, args: string[], timeoutMs = 120_000): Promise<string> {
  const file = path.join(bin, program);
  const [command, commandArgs] = asRoot ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
  try {
    const { stdout, stderr } = await run(command, commandArgs, { timeout: timeoutMs, encoding: "utf8" });
    return stdout + stderr;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${program} ${args.join(" ")} failed: ${failed.message}\n${failed.stdout ?? ""}${failed.stderr ?? ""}`);
  }
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "private-pg-"));
  const dataDir = path.join(root, "data");
  const socketDir = path.join(root, "socket");
  const logFile = path.join(root, "server.log");
  fs.mkdirSync(socketDir);
  if (asRoot) {
    const { uid, gid } = postgresUser();
    for (const dir of [root, socketDir]) fs.chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const remove = async () => {
    await pgProgram(bin, "pg_ctl", ["-D", dataDir, "stop", "-m", "immediate", "-w"], 60_000).catch(() => "");
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    await pgProgram(bin, "initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C"]);
    // fsync off: the test crashes the server process, never the machine, and the shared disk is slow.
    const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
    const ctl = (args: string[]) => pgProgram(bin, "pg_ctl", ["-D", dataDir, "-l", logFile, "-w", "-t", "60", ...args]);
    await ctl(["-o", options, "start"]);
    return {
      port,
      adminUrl,
      async createDatabase(name) {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        try {
          await client.query(`create database "${name}"`);
        } finally {
          await client.end();
        }
        return `postgres://postgres@127.0.0.1:${port}/${name}`;
      },
      // pg_ctl restart starts the server again with the options it was started with (postmaster.opts).
      restart: async (mode) => void (await ctl(["restart", "-m", mode])),
      stop: async (mode) => void (await ctl(["stop", "-m", mode])),
      start: async () => void (await ctl(["-o", options, "start"])),
      remove,
    };
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
    await remove();
    throw new Error(`${(error as Error).message}\n${log}`);
  }
}

function postgresUser(): { uid: number; gid: number } {
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  if (!line) throw new Error("Running as root, PostgreSQL needs a `postgres` user to run as (it refuses root).");
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}
