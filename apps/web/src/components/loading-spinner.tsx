import { Flex, Spin } from 'antd';
import { Text } from './typography';

/** The app's one loading indicator: pages while they load, and anything waiting on the session. */
export function LoadingSpinner() {
  return (
    <Flex
      role="status"
      aria-live="polite"
      vertical
      align="center"
      justify="center"
      gap="small"
      style={{ minHeight: 240, width: '100%' }}
    >
      <Spin size="large" />
      <Text type="secondary">Loading...</Text>
    </Flex>
  );
}
