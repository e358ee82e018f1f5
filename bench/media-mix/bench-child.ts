import { fork, type ChildProcess } from 'node:child_process';

/**
 * A bench helper process (a .ts file forked with tsx and an IPC channel) spoken to by request and reply:
 * every command it is sent with `ask` gets exactly one message back, in order.
 */
export class BenchChild<Command, Reply> {
  private readonly child: ChildProcess;
  private readonly waiting: { resolve: (r: Reply) => void; reject: (e: Error) => void }[] = [];

  /** `nodeArgs`: Node and V8 flags of this process only (e.g. a young-generation size under test). */
  constructor(file: URL, args: string[] = [], nodeArgs: string[] = []) {
    // `node --cpu-prof … run.ts` profiles the helper processes too.
    const profiling = process.execArgv.filter((a) => a.startsWith('--cpu-prof'));
    this.child = fork(file.pathname, args, { execArgv: ['--import', 'tsx', ...profiling, ...nodeArgs] });
    this.child.on('message', (reply: Reply) => this.waiting.shift()?.resolve(reply));
    this.child.on('exit', (code) => {
      for (const w of this.waiting.splice(0)) w.reject(new Error(`${file.pathname} exited with ${code}`));
    });
  }

  /** Sends a command and resolves with its reply. */
  ask(command: Command): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.child.send(command as object);
    });
  }

  /** Sends a command that has no reply. */
  tell(command: Command): void {
    this.child.send(command as object);
  }

  /**
   * Ends the process and resolves once it is gone: closing the channel lets it exit by itself (and write its
   * CPU profile when profiling); one that has not gone after 10 s is killed.
   */
  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const gone = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.disconnect();
    const force = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(force);
  }
}
