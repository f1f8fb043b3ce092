import readline from "node:readline";

/**
 * The admin password for `admin:create`, from where it is not exposed: standard input
 * (`--password-stdin`, for scripts: `printf '%s' "$PW" | npm run admin:create -- --email E --password-stdin`)
 * or a prompt that does not echo (a terminal, no password flag). `--password P` still works but
 * leaves the password in `ps` and the shell's history; the script says so.
 */
export async function readPassword(options: { password?: string; passwordStdin?: boolean }): Promise<string | undefined> {
  if (options.password !== undefined && options.passwordStdin) throw new Error("Give --password or --password-stdin, not both.");
  if (options.passwordStdin) return (await readAll(process.stdin)).replace(/\r?\n$/, "");
  if (options.password !== undefined) {
    console.error(
      "Note: a password given with --password is visible in `ps` and your shell history; --password-stdin or the prompt is safer.",
    );
    return options.password;
  }
  if (!process.stdin.isTTY) return undefined;
  return promptHidden("Password (Enter alone to keep the current one of an existing account): ");
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** Asks on the terminal without echoing what is typed. */
function promptHidden(question: string): Promise<string | undefined> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // readline echoes through _writeToOutput; after the question, write nothing of the answer.
  let asked = false;
  const internals = rl as unknown as { _writeToOutput(text: string): void };
  internals._writeToOutput = (text: string) => {
    if (!asked || text.includes("\n")) process.stdout.write(asked ? "\n" : text);
  };
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer || undefined);
    });
    asked = true;
  });
}
