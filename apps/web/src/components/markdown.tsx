import ReactMarkdown, { type Components } from 'react-markdown';

/**
 * Markdown written by customers and staff, rendered without raw HTML: react-markdown builds React
 * elements and drops HTML in the text (no rehype-raw). Links leave the app in a new tab with no
 * referrer or opener; images are shown as links, so a message cannot load a tracker.
 */
const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  img: ({ src, alt }) => (
    <a
      href={typeof src === 'string' ? src : undefined}
      target="_blank"
      rel="noopener noreferrer nofollow"
    >
      {alt || 'image'}
    </a>
  ),
};

/** The web, a mail address, a path inside the app or an anchor; never `//host`, javascript: or data:. */
const SAFE_PROTOCOL = /^(https?:|mailto:|\/(?!\/)|#)/i;

export function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown-body">
      <ReactMarkdown
        components={components}
        skipHtml
        urlTransform={(url) => (SAFE_PROTOCOL.test(url.trim()) ? url : '')}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
