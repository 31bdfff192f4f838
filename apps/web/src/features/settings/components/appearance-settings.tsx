import { useId } from 'react';
import { Flex, Radio, Typography } from 'antd';
import { useThemeMode, type ThemePreference } from '../../../app/theme-mode';

const THEME_OPTIONS: { value: ThemePreference; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'Follow the system' },
];

/**
 * The theme: the same choice as the header's switch (either changes the other), kept in this
 * browser. Following the system changes with the operating system's setting.
 */
export function AppearanceSettings() {
  const { preference, setPreference, theme } = useThemeMode();
  const labelId = useId();
  const hintId = useId();
  return (
    <Flex vertical gap={8} align="flex-start">
      <Typography.Text strong id={labelId}>
        Theme
      </Typography.Text>
      <Radio.Group
        aria-labelledby={labelId}
        aria-describedby={hintId}
        options={THEME_OPTIONS}
        value={preference}
        onChange={(event) => setPreference(event.target.value as ThemePreference)}
      />
      <Typography.Text type="secondary" id={hintId}>
        {preference === 'system'
          ? `Your system is set to ${theme} now; the site changes with it.`
          : 'Kept in this browser. The switch in the header changes it too.'}
      </Typography.Text>
    </Flex>
  );
}
