import type { ReactNode } from 'react';
import { Alert, Button, Flex } from 'antd';
import { PoweroffOutlined, CaretRightOutlined, ReloadOutlined } from '@ant-design/icons';
import type { PowerSignal, RunState } from '@crimsonhost/shared/rentals';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useToast } from '../../../components/use-toast';
import type { RentalView } from '../../../lib/rentals/get-rentals';
import { useSendPowerSignal } from '../api/send-power-signal';

const LABELS: Record<PowerSignal, string> = { start: 'Start', stop: 'Stop', restart: 'Restart' };
const ICONS: Record<PowerSignal, ReactNode> = {
  start: <CaretRightOutlined aria-hidden />,
  stop: <PoweroffOutlined aria-hidden />,
  restart: <ReloadOutlined aria-hidden />,
};
const SENT: Record<PowerSignal, string> = {
  start: 'is starting',
  stop: 'is stopping',
  restart: 'is restarting',
};

/**
 * Which signals make sense in a run state. After an error the state is unknown, so every signal
 * is offered: the panel's answer says what happened.
 */
export function signalAllowed(signal: PowerSignal, state: RunState): boolean {
  switch (signal) {
    case 'start':
      return state === 'stopped' || state === 'error';
    case 'stop':
      return state === 'running' || state === 'starting' || state === 'error';
    case 'restart':
      return state === 'running' || state === 'error';
  }
}

/** Start, Stop and Restart of an active rental's game server, with the panel's errors in words. */
export function PowerButtons({ rental }: { rental: RentalView }) {
  const power = useSendPowerSignal();
  const toast = useToast();
  const state = rental.runState?.state;
  const error = power.error ? toApiError(power.error) : null;

  const send = (signal: PowerSignal) => {
    power.reset();
    power.mutate(
      { id: rental.id, signal },
      { onSuccess: () => toast('success', `${rental.server.name} ${SENT[signal]}.`) },
    );
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap role="group" aria-label={`Power: ${rental.server.name}`}>
        {(['start', 'stop', 'restart'] as const).map((signal) => {
          const sending = power.isPending && power.variables.signal === signal;
          return (
            <Button
              key={signal}
              size="small"
              icon={ICONS[signal]}
              loading={sending}
              disabled={!state || !signalAllowed(signal, state) || (power.isPending && !sending)}
              onClick={() => send(signal)}
            >
              {LABELS[signal]}
            </Button>
          );
        })}
      </Flex>
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          closable={{ onClose: () => power.reset(), 'aria-label': 'Dismiss' }}
          title={describeApiError(error)}
          style={{ maxWidth: 420 }}
        />
      )}
    </Flex>
  );
}
