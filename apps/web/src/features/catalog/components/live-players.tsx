import { useEffect, useState } from 'react';
import { Flex } from 'antd';
import type { ServerDetail } from '@crimsonhost/shared/catalog';
import { PlayerBar } from '../../../components/player-bar';
import { Text } from '../../../components/typography';
import { timeAgo } from '../../../lib/time-words';

/** Re-renders every few seconds so that 'x seconds ago' stays true. */
function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function ago(time: string, now: number) {
  return timeAgo(Date.parse(time), now);
}

/** Players as the game server last reported them, and when it last answered. */
export function LivePlayers({ server }: { server: ServerDetail }) {
  const now = useNow(5000);
  let note: string;
  if (server.status === 'maintenance') {
    note = 'In maintenance: the vendor has taken this server down for now.';
  } else if (!server.lastCheckedAt) {
    note = 'Not asked yet: the first status check is on its way.';
  } else if (!server.lastAnswerAt) {
    note = `Has not answered yet (last asked ${ago(server.lastCheckedAt, now)}).`;
  } else if (server.lastAnswerAt === server.lastCheckedAt) {
    note = `Last answered ${ago(server.lastAnswerAt, now)}.`;
  } else {
    note = `Last answered ${ago(server.lastAnswerAt, now)}; asked again ${ago(server.lastCheckedAt, now)} without an answer.`;
  }
  return (
    <Flex vertical gap={6}>
      <PlayerBar current={server.players.current} max={server.players.max} />
      <Text type="secondary" style={{ fontSize: 13 }}>
        {note}
      </Text>
    </Flex>
  );
}
