import { useEffect, useRef, useState } from 'react';

/** How long typing must pause before a search or a suggestion is asked. */
export const TYPING_PAUSE_MS = 400;

/** `value` once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs = TYPING_PAUSE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A text the user types into, handed to `commit` once they pause for `delayMs` (a search that
 * lives in the URL). When `value` changes from outside (the back button, a cleared filter) the
 * text follows it.
 */
export function useDebouncedCommit(
  value: string,
  commit: (text: string) => void,
  delayMs = TYPING_PAUSE_MS,
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
  }, [text, source, delayMs]);
  return [text, setText];
}
