import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Debian's caddy in front of a test shop, run with the project's own recipe (docs/deploy/Caddyfile,
 * read as it is: compose.yaml mounts the same file) and the settings compose would give it,
 * pointed at this run's ports. Caddy signs the certificate with its own local authority
 * (ACME_EMAIL=internal: no Let's Encrypt here), keeps its data in a folder of its own and never
 * touches the machine's trust store or the system's caddy.
 */
export const CADDY_BINARY = "/usr/bin/caddy";
export const CADDY_RECIPE = "docs/deploy/Caddyfile";

export interface Caddy {
  httpPort: number;
  httpsPort: number;
  /** The certificate of Caddy's local authority (PEM), for clients to trust. */
  rootCertificate: string;
  /** What caddy printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export function caddyInstalled(): boolean {
  try {
    fs.accessSync(CADDY_BINARY, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export async function startCaddy(options: { domain: string; upstream: string; httpPort: number; httpsPort: number }): Promise<Caddy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ahenfie-caddy-"));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: dir,
    XDG_DATA_HOME: path.join(dir, "data"),
    XDG_CONFIG_HOME: path.join(dir, "config"),
    SHOP_DOMAIN: options.domain,
    ACME_EMAIL: "internal",
    SHOP_UPSTREAM: options.upstream,
    HTTP_PORT: String(options.httpPort),
    HTTPS_PORT: String(options.httpsPort),
    // Several test runs share this machine: no fixed admin port.
    CADDY_ADMIN: "off",
  };
  const child: ChildProcess = spawn(CADDY_BINARY, ["run", "--config", path.resolve(CADDY_RECIPE), "--adapter", "caddyfile"], {
    env,
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  };

  // Ready: both ports accept and the local authority's certificate is written.
  const rootFile = path.join(dir, "data/caddy/pki/authorities/local/root.crt");
  const deadline = Date.now() + 30_000;
  while (!(fs.existsSync(rootFile) && (await accepts(options.httpPort)) && (await accepts(options.httpsPort)))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`caddy did not start on ports ${options.httpPort}/${options.httpsPort}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ...options, rootCertificate: fs.readFileSync(rootFile, "utf8"), output: () => output, stop };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
