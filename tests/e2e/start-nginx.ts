import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Debian's nginx in front of test shops, set up by the README's recipe (docs/deploy/nginx.conf,
 * read as it is and given this run's ports), in a folder of its own: its own configuration, pid
 * file, logs and temporary folders, in the foreground (`daemon off`) as a child of the test.
 * The system's nginx and its configuration are never touched.
 */
export const NGINX_BINARY = "/usr/sbin/nginx";
export const NGINX_RECIPE = "docs/deploy/nginx.conf";

export interface Nginx {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** nginx's error log so far. */
  errorLog(): string;
  stop(): Promise<void>;
}

export function nginxInstalled(): boolean {
  try {
    fs.accessSync(NGINX_BINARY, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The recipe with the test's addresses: nginx listens on 127.0.0.1:`port` and spreads requests
 * over `upstreams` (the shops' ports). Throws when the recipe no longer has the lines replaced,
 * so the recipe and this test cannot drift apart unnoticed.
 */
export function recipeFor(port: number, upstreams: number[]): string {
  const recipe = fs.readFileSync(NGINX_RECIPE, "utf8");
  const servers = /^( *)server 127\.0\.0\.1:\d+;\n(?:\1server 127\.0\.0\.1:\d+;\n)*/m;
  const listen = /^( *)listen 80;$/m;
  if (!servers.test(recipe) || !listen.test(recipe))
    throw new Error(`${NGINX_RECIPE} no longer has "server 127.0.0.1:PORT;" upstream lines and "listen 80;": update recipeFor.`);
  return recipe
    .replace(servers, (_, indent: string) => upstreams.map((p) => `${indent}server 127.0.0.1:${p};\n`).join(""))
    .replace(listen, (_, indent: string) => `${indent}listen 127.0.0.1:${port};`);
}

/**
 * Starts nginx on `port` in front of `upstreams`. Each answer carries `X-Upstream` (the
 * instance that served it, 127.0.0.1:<port>): added around the recipe for the test, not in it.
 */
export async function startNginx(port: number, upstreams: number[]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ahenfie-nginx-"));
  // Run as root, nginx's workers run as nobody: they must reach the temporary folders.
  fs.chmodSync(dir, 0o755);
  const file = (name: string) => path.join(dir, name);
  fs.writeFileSync(file("ahenfie.conf"), recipeFor(port, upstreams));
  fs.writeFileSync(
    file("nginx.conf"),
    [
      "worker_processes 1;",
      "daemon off;",
      `pid ${file("nginx.pid")};`,
      `error_log ${file("error.log")} warn;`,
      "events { worker_connections 512; }",
      "http {",
      "  access_log off;",
      `  client_body_temp_path ${file("client-body")};`,
      `  proxy_temp_path ${file("proxy")};`,
      `  fastcgi_temp_path ${file("fastcgi")};`,
      `  uwsgi_temp_path ${file("uwsgi")};`,
      `  scgi_temp_path ${file("scgi")};`,
      "  add_header X-Upstream $upstream_addr always;",
      `  include ${file("ahenfie.conf")};`,
      "}",
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(NGINX_BINARY, ["-p", dir, "-e", file("error.log"), "-c", file("nginx.conf")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const errorLog = () => {
    try {
      return output + fs.readFileSync(file("error.log"), "utf8");
    } catch {
      return output;
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGQUIT");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = errorLog();
      await stop();
      throw new Error(`nginx did not start on port ${port}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `http://127.0.0.1:${port}`, port, errorLog, stop };
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
