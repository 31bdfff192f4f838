import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { paths } from '../app/paths';

export interface BreadcrumbTrailItem {
  title: string;
  /** Where the crumb links to; the last crumb (the current page) has none. */
  to?: string;
}

/** 'Home / ... / Current page' at the top of every inner page. */
export function PageBreadcrumb({ items }: { items: BreadcrumbTrailItem[] }) {
  return (
    <Breadcrumb
      aria-label="Breadcrumb"
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'home',
          title: (
            <Link to={paths.home.href()}>
              <HomeOutlined aria-hidden /> Home
            </Link>
          ),
        },
        ...items.map((item) => ({
          key: item.title,
          title: item.to ? (
            <Link to={item.to}>{item.title}</Link>
          ) : (
            <span aria-current="page">{item.title}</span>
          ),
        })),
      ]}
    />
  );
}
