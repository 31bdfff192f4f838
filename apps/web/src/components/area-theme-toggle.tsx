import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useThemeMode } from '../app/theme-mode';

/** Light or dark in the staff and vendor areas: the same stored choice as the storefront's header. */
export function ThemeToggle() {
  const { theme: mode, toggleTheme } = useThemeMode();
  const label = mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Button
      type="text"
      shape="circle"
      aria-label={label}
      title={label}
      icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
      onClick={toggleTheme}
    />
  );
}
