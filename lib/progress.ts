/**
 * Progress on long work: a one-line status on stderr when it is a TTY, nothing otherwise
 * (so pipes and CI logs stay clean).
 */
export interface Progress {
  update(message: string): void;
  done(message?: string): void;
}

export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { update: () => {}, done: () => {} };
  const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
  let i = 0;
  let last = '';
  const draw = () => stream.write(`\r\x1b[2K${frames[i++ % frames.length]} ${last}`);
  const timer = setInterval(draw, 120);
  timer.unref();
  return {
    update(message) {
      last = message;
      draw();
    },
    done(message) {
      clearInterval(timer);
      stream.write(`\r\x1b[2K${message ? `${message}\n` : ''}`);
    },
  };
}
