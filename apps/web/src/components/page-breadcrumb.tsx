import { Fragment, type CSSProperties } from 'react';
import { theme } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { paths } from '../app/paths';

export interface BreadcrumbTrailItem {
  title: string;
  /** Where the crumb links to; the last crumb (the current page) has none. */
  to?: string;
}

/**
 * 'Home / ... / Current page' at the top of every inner page. A plain list with Ant Design's
 * breadcrumb colours rather than its Breadcrumb: that component brings Dropdown and Menu (about
 * 10 KB brotli) into the catalog pages' first visit for menus a trail of links never shows
 * (decision 030).
 */
export function PageBreadcrumb({ items }: { items: BreadcrumbTrailItem[] }) {
  const { token } = theme.useToken();
  const trail: BreadcrumbTrailItem[] = [{ title: 'Home', to: paths.home.href() }, ...items];
  return (
    <nav
      aria-label="Breadcrumb"
      className="page-breadcrumb"
      style={
        {
          marginBottom: 16,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          color: token.colorTextDescription,
          '--breadcrumb-hover-color': token.colorText,
          '--breadcrumb-hover-background': token.colorBgTextHover,
        } as CSSProperties
      }
    >
      <ol style={{ display: 'flex', flexWrap: 'wrap', margin: 0, padding: 0, listStyle: 'none' }}>
        {trail.map((item, index) => (
          <Fragment key={`${index}-${item.title}`}>
            {index > 0 && (
              <li aria-hidden style={{ marginInline: token.marginXS }}>
                /
              </li>
            )}
            <li style={index === trail.length - 1 ? { color: token.colorText } : undefined}>
              {item.to ? (
                <Link
                  to={item.to}
                  style={{
                    color: 'inherit',
                    padding: `0 ${token.paddingXXS}px`,
                    marginInline: -token.marginXXS,
                    borderRadius: token.borderRadiusSM,
                    display: 'inline-block',
                  }}
                >
                  {index === 0 && (
                    <>
                      <HomeOutlined aria-hidden />{' '}
                    </>
                  )}
                  {item.title}
                </Link>
              ) : (
                <span aria-current="page">{item.title}</span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
