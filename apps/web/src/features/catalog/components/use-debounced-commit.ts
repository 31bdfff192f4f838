import { useEffect, useRef, useState } from 'react';

/**
 * A text the user types into, handed to `commit` once they pause for `delayMs`. When `value`
 * changes from outside (a cleared filter, the back button), the text follows it. A text not yet
 * taken is offered again when `recheck` changes (the other bound of a range moved).
 */
export function useDebouncedCommit(
  value: string,
  commit: (text: string) => void,
  delayMs: number,
  recheck?: string,
): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const [source, setSource] = useState(value);
  if (value !== source) {
    setSource(value);
    setText(value);
  }
  const latestCommit = useRef(commit);
  useEffect(() => {
    latestCommit.current = commit;
  });

  useEffect(() => {
    if (text === source) return;
    const timer = setTimeout(() => latestCommit.current(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, source, delayMs, recheck]);

  return [text, setText];
}
