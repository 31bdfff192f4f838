import { Suspense, lazy } from 'react';
import { theme, type ResultProps } from 'antd';
import { LoadBoundary } from './load-boundary';

const AntdResult = lazy(() => import('./antd-result'));

/** Ant Design's Result padding; the actions below it close the block with the same space. */
const RESULT_PADDING_PX = { block: 48, inline: 32 };

/**
 * The title and explanation of a result, without its icon: shown while Ant Design's Result loads
 * (a few milliseconds), and instead of it when it cannot load (offline after a deploy, say).
 */
function ResultText({ title, subTitle, children, closed }: ResultProps & { closed: boolean }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        padding: `${RESULT_PADDING_PX.block}px ${RESULT_PADDING_PX.inline}px`,
        paddingBottom: closed ? RESULT_PADDING_PX.block : 0,
        textAlign: 'center',
      }}
    >
      {title && (
        <div
          style={{
            color: token.colorTextHeading,
            fontSize: token.fontSizeHeading3,
            lineHeight: token.lineHeightHeading3,
            marginBlock: 8,
          }}
        >
          {title}
        </div>
      )}
      {subTitle && (
        <div style={{ color: token.colorTextDescription, fontSize: token.fontSize }}>
          {subTitle}
        </div>
      )}
      {children}
    </div>
  );
}

/**
 * Ant Design's Result, loaded when a page first shows one (an error, a missing record): the
 * layout and the catalog pages show it only when something went wrong, so it stays out of their
 * first visit (decision 020). Until it arrives, and if it cannot, its text is shown plainly. The
 * actions (`extra`) are rendered here, below it, so they are on screen at once and a click is
 * never lost to the swap.
 */
export function LazyResult({ extra, style, ...props }: ResultProps) {
  const closed = !extra;
  const text = <ResultText {...props} closed={closed} />;
  return (
    <div>
      <LoadBoundary fallback={text}>
        <Suspense fallback={text}>
          <AntdResult {...props} style={closed ? style : { ...style, paddingBottom: 0 }} />
        </Suspense>
      </LoadBoundary>
      {extra && (
        <div
          style={{
            marginTop: 24,
            padding: `0 ${RESULT_PADDING_PX.inline}px ${RESULT_PADDING_PX.block}px`,
            textAlign: 'center',
          }}
        >
          {extra}
        </div>
      )}
    </div>
  );
}
