import ReactMarkdown, { type Components } from 'react-markdown';

/** Links may go to the web, to a mail address, or inside the app; nothing else (javascript:, data:). */
const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#)/i;

/**
 * Links leave the app in a new tab, with no referrer (a guest link's token stays in this tab) and
 * no opener; images are shown as links, so a message cannot load a tracker or a huge picture.
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

/**
 * Markdown written by customers and staff (ticket messages, FAQ answers). react-markdown builds
 * React elements, never HTML: HTML inside the text is shown as the text it is (there is no
 * rehype-raw), so `<img src=x onerror=…>` reads as those characters and runs nothing.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown-body">
      <ReactMarkdown
        components={components}
        urlTransform={(url) => (SAFE_URL.test(url.trim()) ? url : '')}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
