// The stack's floor for `npm run bench:web -- --reference` (issue 12 point 14): a bare page of the
// storefront's stack and nothing of its own. React with React Router, TanStack Query, a dark
// ConfigProvider and the dozen Ant Design components a storefront page shows, drawing a list of
// twelve servers that a query answers without a network. What this page costs a phone is what any
// page of the stack costs before the storefront adds its own code.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Col,
  ConfigProvider,
  Input,
  Layout,
  Menu,
  Pagination,
  Row,
  Select,
  Space,
  Tag,
  Typography,
  theme,
} from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router';

const GAMES = ['minecraft', 'csgo', 'rust', 'valheim', 'ark'];
const SERVERS = Array.from({ length: 12 }, (_, index) => ({
  id: String(index + 1),
  name: `Server ${index + 1}`,
  game: GAMES[index % GAMES.length],
  price: (0.5 + index / 10).toFixed(2),
  online: index % 3 !== 0,
}));

function ServerList() {
  const servers = useQuery({ queryKey: ['servers'], queryFn: async () => SERVERS });
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={1}>Servers</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Input.Search aria-label="Search servers" placeholder="Search servers" />
        </Col>
        <Col xs={24} md={12}>
          <Select
            aria-label="Game"
            style={{ width: '100%' }}
            defaultValue="all"
            options={[
              { value: 'all', label: 'All games' },
              ...GAMES.map((g) => ({ value: g, label: g })),
            ]}
          />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        {(servers.data ?? []).map((server) => (
          <Col key={server.id} xs={24} sm={12} lg={8}>
            <Card title={<Link to={`/servers/${server.id}`}>{server.name}</Link>}>
              <Space direction="vertical">
                <Space>
                  <Tag>{server.game}</Tag>
                  <Badge
                    status={server.online ? 'success' : 'default'}
                    text={server.online ? 'Online' : 'Offline'}
                  />
                </Space>
                <Typography.Text strong>{server.price} USDT / hour</Typography.Text>
                <Button type="primary">Rent Server</Button>
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
      <Pagination total={48} pageSize={12} />
    </Space>
  );
}

function Page() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <Typography.Text strong style={{ color: '#fff' }}>
          Reference
        </Typography.Text>
        <Menu
          theme="dark"
          mode="horizontal"
          style={{ flex: 1, minWidth: 0 }}
          items={[
            { key: 'home', label: <Link to="/">Home</Link> },
            { key: 'servers', label: <Link to="/servers">Servers</Link> },
          ]}
        />
        <Avatar>R</Avatar>
      </Layout.Header>
      <Layout.Content style={{ padding: 16 }}>
        <Routes>
          <Route path="*" element={<ServerList />} />
        </Routes>
      </Layout.Content>
      <Layout.Footer>Reference page</Layout.Footer>
    </Layout>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <QueryClientProvider client={new QueryClient()}>
        <BrowserRouter>
          <Page />
        </BrowserRouter>
      </QueryClientProvider>
    </ConfigProvider>
  </StrictMode>,
);
