import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export interface Size {
  columns: number;
  rows: number;
}

/** The terminal's size, following resizes at once; `fixed` pins it (tests). */
export function useTerminalSize(fixed?: Size): Size {
  const { stdout } = useStdout();
  const read = (): Size => fixed ?? { columns: stdout.columns || 80, rows: stdout.rows || 24 };
  const [size, setSize] = useState(read);
  useEffect(() => {
    if (fixed) return;
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, fixed?.columns, fixed?.rows]);
  return fixed ?? size;
}
