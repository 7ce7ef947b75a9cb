/**
 * Typing a password at a terminal without it showing: the terminal's echo is off (raw mode) and
 * the keys are read here. Pure part first, so that it is tested without a terminal.
 */
export type Typed = { value: string; state: 'typing' | 'done' | 'cancelled' };

/** Applies keystrokes to what was typed so far: Enter ends, Ctrl-C / Ctrl-D cancel, Backspace erases. */
export function typeKeys(typed: Typed, keys: string): Typed {
  let { value } = typed;
  for (const key of keys) {
    if (key === '\r' || key === '\n') return { value, state: 'done' };
    if (key === '\u0003' || key === '\u0004') return { value: '', state: 'cancelled' };
    if (key === '\u007f' || key === '\b') value = value.slice(0, -1);
    else if (key >= ' ') value += key;
  }
  return { value, state: 'typing' };
}

/** Reads one hidden line from a terminal (stdin must be a TTY); answers undefined when cancelled. */
export function readHidden(prompt: string): Promise<string | undefined> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve) => {
    let typed: Typed = { value: '', state: 'typing' };
    const onData = (chunk: string) => {
      typed = typeKeys(typed, chunk);
      if (typed.state === 'typing') return;
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      resolve(typed.state === 'done' ? typed.value : undefined);
    };
    stdin.on('data', onData);
  });
}
