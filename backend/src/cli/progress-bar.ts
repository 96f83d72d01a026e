const WIDTH = 30;

/**
 * A one-line progress bar on stderr for long command-line tasks. On a terminal it redraws in
 * place; otherwise (CI logs, pipes) it prints a line every tenth of the way.
 */
export class ProgressBar {
  private done = 0;
  private lastTenth = -1;

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {}

  advance(amount: number): void {
    this.done = Math.min(this.total, this.done + amount);
    const share = this.total === 0 ? 1 : this.done / this.total;
    const text = `${this.label} [${bar(share)}] ${Math.floor(share * 100)}% ${this.done}/${this.total}`;
    if (this.stream.isTTY) {
      this.stream.write(`\r${text}${this.done === this.total ? '\n' : ''}`);
      return;
    }
    const tenth = Math.floor(share * 10);
    if (tenth !== this.lastTenth) {
      this.lastTenth = tenth;
      this.stream.write(`${text}\n`);
    }
  }
}

function bar(share: number): string {
  const filled = Math.round(share * WIDTH);
  return '#'.repeat(filled) + '-'.repeat(WIDTH - filled);
}
