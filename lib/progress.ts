/**
 * Progress on long work: a one-line status on stderr when it is a TTY. Otherwise (pipes, CI logs)
 * only waits on arXiv are printed, one line per state ("arXiv answered 503; retry 5 in 32 s"),
 * so a log shows why a command takes long without a line per countdown tick; with `lines`, every
 * new stage is printed too, one line each (work the user asked to watch, such as `digest run`).
 */
export interface Progress {
  /** `detail.waiting`: a wait on arXiv, printed even without a TTY, once per `detail.key`. */
  update(message: string, detail?: { waiting?: boolean; key?: string }): void;
  done(message?: string): void;
}

export function createProgress(
  stream: NodeJS.WriteStream = process.stderr,
  opts: { lines?: boolean } = {},
): Progress {
  if (!stream.isTTY) {
    let lastKey: string | undefined;
    return {
      update(message, detail) {
        if ((!detail?.waiting && !opts.lines) || (detail?.key ?? message) === lastKey) return;
        lastKey = detail?.key ?? message;
        stream.write(`${message}\n`);
      },
      done: () => {},
    };
  }
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
