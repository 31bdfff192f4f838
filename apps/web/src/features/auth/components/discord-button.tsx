import { Button, Divider } from 'antd';
import { DiscordOutlined } from '@ant-design/icons';
import { storeSignInReturnPath } from '../../../lib/storage';
import { DISCORD_START_URL, useAuthProviders } from '../../../lib/auth-providers';

/**
 * 'Continue with Discord', only when the storefront offers it (the offline demo does not). A
 * plain link: the API sends the browser on to Discord, which comes back to /auth/discord/callback.
 */
export function DiscordSignInButton({ returnTo }: { returnTo: string }) {
  const providers = useAuthProviders();
  if (!providers.data?.discord) return null;
  return (
    <>
      <Divider plain>or</Divider>
      <Button
        block
        size="large"
        icon={<DiscordOutlined />}
        href={DISCORD_START_URL}
        onClick={() => storeSignInReturnPath(returnTo)}
      >
        Continue with Discord
      </Button>
    </>
  );
}
