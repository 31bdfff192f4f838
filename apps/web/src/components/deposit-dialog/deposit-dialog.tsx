import { useContext, useRef, useState } from 'react';
import { Alert, Button, Form, Modal, Result, Skeleton, Steps } from 'antd';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { DEPOSIT_ADDRESS_TTL_MINUTES, type Network } from '@crimsonhost/shared/constants';
import type { DepositConfig, DepositStatusView } from '@crimsonhost/shared/wallet';
import type { PaymentMethod } from '@crimsonhost/shared/paypal';
import { isUsdtAmount } from '@crimsonhost/shared/money';
import { paths } from '../../app/paths';
import { toApiError } from '../../lib/api-client';
import { plainUsdt } from '../../lib/wallet/usdt-format';
import { WALLET_QUERY_KEY } from '../../lib/wallet/wallet-query-keys';
import { applyFieldErrors } from '../app-form';
import { EmailVerificationNotice } from '../email-verification-notice';
import { AuthContext } from '../../app/auth/auth-context';
import { useToast } from '../use-toast';
import { useCreateDeposit, type OpenedDeposit } from './api/create-deposit';
import { CREATE_PAYPAL_ORDER_KEY } from './api/create-paypal-order';
import { useDepositConfig } from './api/get-deposit-config';
import { AmountStep, type AmountValues } from './amount-step';
import { ConfirmationStep } from './confirmation-step';
import { generationFailureMessage, newIdempotencyKey } from './deposit-rules';
import { METHOD_FIELD_NAME, MethodChoice } from './method-choice';
import { PaymentStep } from './payment-step';
import { PayPalStep } from './paypal-step';

import {
  ADDRESS_EXPIRED_MESSAGE,
  ADDRESS_GENERATED_MESSAGE,
  DEPOSIT_CONFIRMED_MESSAGE,
} from './deposit-messages';

export { ADDRESS_EXPIRED_MESSAGE, ADDRESS_GENERATED_MESSAGE, DEPOSIT_CONFIRMED_MESSAGE };

const STEP_TITLES: Record<PaymentMethod, string[]> = {
  crypto: ['Amount', 'Send payment', 'Confirmation'],
  paypal: ['Amount', 'Approve at PayPal', 'Confirmation'],
};
/** The amount field's id: the form is named 'deposit' and the field 'amount'. */
const AMOUNT_FIELD_ID = 'deposit_amount';

/**
 * The dialog's first field: the chosen payment method when PayPal is offered, else the amount.
 * The focus goes there when the dialog opens, not to its Close button.
 */
function firstField(): HTMLElement | null {
  return (
    document.querySelector<HTMLInputElement>(`input[name="${METHOD_FIELD_NAME}"]:checked`) ??
    document.getElementById(AMOUNT_FIELD_ID)
  );
}

type Stage =
  | { step: 0 }
  | { step: 1; opened: OpenedDeposit; deadline: number }
  | { step: 2; opened: OpenedDeposit; status: DepositStatusView };

export interface DepositDialogProps {
  open: boolean;
  /** Called when the person closes the dialog (or leaves it for another page). */
  onClose: () => void;
  /**
   * The amount to start with, e.g. what a rental still needs: '25', a wire amount '25.000000',
   * or a whole number of USDT. The person may change it; anything else is ignored.
   */
  defaultAmount?: string | number;
  /**
   * The payment method chosen at first when PayPal is offered (USDT otherwise): a PayPal payment
   * tried again starts on PayPal, with `defaultAmount` in PayPal's currency.
   */
  defaultMethod?: PaymentMethod;
}

/** A PayPal amount to start with: digits with at most two decimals, as it was paid before. */
function initialPayPalAmount(defaultAmount: string | number | undefined): string | undefined {
  const text = String(defaultAmount ?? '').trim();
  return /^\d{1,8}(\.\d{1,2})?$/.test(text) ? text : undefined;
}

function initialAmount(defaultAmount: string | number | undefined): string | undefined {
  if (typeof defaultAmount === 'number') {
    return Number.isSafeInteger(defaultAmount) && defaultAmount > 0
      ? String(defaultAmount)
      : undefined;
  }
  if (!defaultAmount || !isUsdtAmount(defaultAmount)) return undefined;
  const text = defaultAmount.trim();
  return plainUsdt(text.includes('.') ? text : `${text}.0`);
}

function defaultNetworkOf(config: DepositConfig): Network | undefined {
  return (
    config.networks.find((network) => network.id === config.defaultNetwork)?.id ??
    config.networks[0]?.id
  );
}

/**
 * When the address expires on this device's clock: the server's expiry moved by the clocks'
 * difference, and never more than the 30 minutes an address is valid.
 */
function deadlineOf({ deposit, clockOffsetMs }: OpenedDeposit): number {
  const latest = Date.now() + DEPOSIT_ADDRESS_TTL_MINUTES * 60_000;
  return Math.min(Date.parse(deposit.expiresAt) - clockOffsetMs, latest);
}

/** One run of the dialog, from the amount to the confirmation; a new run starts from scratch. */
function DepositFlow({
  config,
  defaultAmount,
  defaultMethod,
  onClose,
}: {
  config: DepositConfig;
  defaultAmount?: string | number;
  defaultMethod?: PaymentMethod;
  onClose: () => void;
}) {
  const [form] = Form.useForm<AmountValues>();
  const [stage, setStage] = useState<Stage>({ step: 0 });
  // USDT unless asked for PayPal, or unless no network takes deposits now; PayPal only when offered.
  const [method, setMethod] = useState<PaymentMethod>(() =>
    config.paypal && (defaultMethod === 'paypal' || config.networks.length === 0)
      ? 'paypal'
      : 'crypto',
  );
  const paying = config.paypal && method === 'paypal' ? config.paypal : null;
  const creatingOrder = useIsMutating({ mutationKey: CREATE_PAYPAL_ORDER_KEY }) > 0;
  const [values, setValues] = useState<AmountValues>(() => ({
    amount: initialAmount(defaultAmount),
    network: defaultNetworkOf(config),
  }));
  // One Idempotency-Key per attempt: a retry of the same request reuses it (so a lost answer
  // cannot open a second address); a changed request or a new deposit gets a new one.
  const attempt = useRef<{ key: string; request: string } | null>(null);
  const createDeposit = useCreateDeposit();
  // Read without useAuth: the dialog is also shown on its own, outside the signed-in app.
  const signedInUser = useContext(AuthContext)?.user;
  // The server has the last word: a tab that has not seen the verification yet is told so here.
  const [refusedUnverified, setRefusedUnverified] = useState(false);
  const unverified = refusedUnverified || signedInUser?.emailVerified === false;
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const networkOf = (id: Network) => config.networks.find((network) => network.id === id);

  const generate = async (request: { amount: string; network: Network }) => {
    setValues(request);
    const fingerprint = `${request.amount}|${request.network}`;
    if (attempt.current?.request !== fingerprint) {
      attempt.current = { key: newIdempotencyKey(), request: fingerprint };
    }
    try {
      const opened = await createDeposit.mutateAsync({
        ...request,
        idempotencyKey: attempt.current.key,
      });
      attempt.current = null;
      toast('success', ADDRESS_GENERATED_MESSAGE);
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      setStage({ step: 1, opened, deadline: deadlineOf(opened) });
    } catch (raw) {
      const error = toApiError(raw);
      if (error.code === 'EMAIL_NOT_VERIFIED') {
        setRefusedUnverified(true);
        return;
      }
      applyFieldErrors(form, error);
      toast('error', generationFailureMessage(error));
    }
  };

  const backToAmount = () => {
    attempt.current = null;
    setStage({ step: 0 });
  };

  const leaveFor = (to: string) => {
    onClose();
    if (pathname !== to) void navigate(to);
  };

  let body;
  switch (stage.step) {
    case 0:
      body = unverified ? (
        <EmailVerificationNotice
          email={signedInUser?.email}
          blocked="Deposits open once you confirm your e-mail address."
        />
      ) : (
        <>
          {config.paypal && (
            <MethodChoice
              value={method}
              onChange={setMethod}
              autoFocus
              disabled={createDeposit.isPending || creatingOrder}
            />
          )}
          {paying ? (
            <PayPalStep
              config={paying}
              initialAmount={
                defaultMethod === 'paypal' ? initialPayPalAmount(defaultAmount) : undefined
              }
              onUnverified={() => setRefusedUnverified(true)}
            />
          ) : config.networks.length === 0 ? (
            <Alert
              type="warning"
              showIcon
              title={
                config.paypal
                  ? 'USDT deposits are not available right now'
                  : 'Deposits are not available right now'
              }
              description={
                config.paypal
                  ? 'No network can take deposits at the moment. You can pay with PayPal, or try again later.'
                  : 'No network can take deposits at the moment. Please try again later.'
              }
            />
          ) : (
            <AmountStep
              config={config}
              form={form}
              initialValues={values}
              submitting={createDeposit.isPending}
              onSubmit={(request) => void generate(request)}
              // With the method first, the method has the focus, not the amount.
              autoFocus={!config.paypal}
            />
          )}
        </>
      );
      break;
    case 1:
      body = (
        <PaymentStep
          key={stage.opened.deposit.transactionId}
          opened={stage.opened}
          network={networkOf(stage.opened.deposit.network)}
          deadline={stage.deadline}
          onConfirmed={(status) => {
            void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
            toast('success', DEPOSIT_CONFIRMED_MESSAGE);
            setStage({ step: 2, opened: stage.opened, status });
          }}
          onExpired={() => {
            void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
            toast('warning', ADDRESS_EXPIRED_MESSAGE);
            backToAmount();
          }}
          onStartOver={backToAmount}
          onClose={onClose}
        />
      );
      break;
    case 2:
      body = (
        <ConfirmationStep
          status={stage.status}
          network={networkOf(stage.opened.deposit.network)}
          onBackToWallet={() => leaveFor(paths.wallet.href())}
          onViewDetails={() =>
            leaveFor(paths.walletTransaction.href(stage.opened.deposit.transactionId))
          }
        />
      );
      break;
  }

  return (
    <>
      {/* The last step done shows its completed mark, not its number. */}
      <Steps
        current={stage.step}
        status={stage.step === 2 ? 'finish' : 'process'}
        size="small"
        responsive={false}
        titlePlacement="vertical"
        items={STEP_TITLES[method].map((title) => ({ title }))}
        style={{ marginBottom: 20 }}
      />
      {body}
    </>
  );
}

/** The config first: nothing can be checked or offered without it. */
function DepositDialogContent({
  defaultAmount,
  defaultMethod,
  onClose,
}: {
  defaultAmount?: string | number;
  defaultMethod?: PaymentMethod;
  onClose: () => void;
}) {
  const config = useDepositConfig();
  if (config.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (config.isError) {
    return (
      <Result
        status="error"
        title="Deposits could not be loaded"
        subTitle={toApiError(config.error).message}
        extra={<Button onClick={() => void config.refetch()}>Retry</Button>}
      />
    );
  }
  return (
    <DepositFlow
      config={config.data}
      defaultAmount={defaultAmount}
      defaultMethod={defaultMethod}
      onClose={onClose}
    />
  );
}

/**
 * The three-step deposit dialog of spec sections 2 and 4: the amount and network, then the
 * address to pay with its countdown and confirmations, then the confirmation. Closing it resets
 * it: the next opening starts at the amount with a new attempt.
 */
export function DepositDialog({ open, onClose, defaultAmount, defaultMethod }: DepositDialogProps) {
  // A new run each time the dialog opens (derived from the change of `open`, not an effect).
  const [run, setRun] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setRun((current) => current + 1);
  }
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title="Deposit USDT"
      destroyOnHidden
      mask={{ closable: false }}
      width={560}
      // The first field has the focus, not Close: once open (with the config at hand, the field
      // is there already), or as the field arrives with the config (its autoFocus).
      afterOpenChange={(opened) => {
        if (opened) firstField()?.focus();
      }}
    >
      <DepositDialogContent
        key={run}
        defaultAmount={defaultAmount}
        defaultMethod={defaultMethod}
        onClose={onClose}
      />
    </Modal>
  );
}
