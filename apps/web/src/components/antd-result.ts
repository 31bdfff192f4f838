// Ant Design's Result on its own, so `lazy-result.tsx` can load it as a chunk of its own: it brings
// the 403, 404 and 500 illustrations, about 10 KB brotli a first visit does not need.
export { Result as default } from 'antd';
