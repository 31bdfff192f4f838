import type { SnippetPart } from '@crimsonhost/shared/support';

/** Text with the words a search found in <mark>: parts from the API, never HTML. */
export function HighlightedText({ parts }: { parts: SnippetPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}
