import { Drawer } from 'antd';
import { DRAWER_MAX_WIDTH, DRAWER_WIDTH_PX } from '@crimsonhost/shared/constants';
import { MainMenu } from './main-menu';

/** The phone's navigation: the main menu in a drawer from the left. */
export function NavigationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      title="Navigation"
      placement="left"
      open={open}
      onClose={onClose}
      size={DRAWER_WIDTH_PX}
      styles={{ wrapper: { maxWidth: DRAWER_MAX_WIDTH }, body: { padding: 0 } }}
    >
      <MainMenu onNavigate={onClose} />
    </Drawer>
  );
}
