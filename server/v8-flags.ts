import v8 from "node:v8";

/** A flag's name as V8 reads it: without `--`, `no-` or a value; `_` and `-` are the same to V8. */
function flagName(flag: string): string {
  return flag
    .replace(/^--(no-)?/, "")
    .split("=")[0]!
    .replace(/_/g, "-");
}

/** Whether `argv` (node's command line) gives `flag` as `--name=value`, `--name` or `--no-name`. */
export function isFlagGiven(flag: string, argv: readonly string[]): boolean {
  return argv.some((arg) => arg.startsWith("--") && flagName(arg) === flagName(flag));
}

/** Sets a V8 flag for this process unless node's command line gives it: the operator's choice wins. */
export function setV8FlagUnlessGiven(flag: string): void {
  if (!isFlagGiven(flag, process.execArgv)) v8.setFlagsFromString(flag);
}
