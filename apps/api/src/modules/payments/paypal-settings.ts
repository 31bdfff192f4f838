import type { PayPalConfig } from '@crimsonhost/shared/paypal';
import { currencyValue } from '@crimsonhost/shared/paypal';
import { parseUsdt } from '@crimsonhost/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import { publicUrl, type Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { PAYPAL_API_URLS, PayPalClient } from './paypal-client';
import { certificateHosts, PayPalWebhookVerifier } from './paypal-webhook-verifier';
import { PayPalService } from './paypal.service';

/** Where and as whom the storefront talks to PayPal. */
export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  environment: 'sandbox' | 'live';
  /** PayPal's REST base for the environment, or a configured one (the sandbox's, the demo's). */
  apiUrl?: string;
}

/** The configured PayPal app, or null when PayPal is off (the three credentials unset). */
export function paypalSettingsFromConfig(config: Config): PayPalSettings | null {
  if (!config.PAYPAL_CLIENT_ID || !config.PAYPAL_CLIENT_SECRET || !config.PAYPAL_WEBHOOK_ID) {
    return null;
  }
  return {
    clientId: config.PAYPAL_CLIENT_ID,
    clientSecret: config.PAYPAL_CLIENT_SECRET,
    webhookId: config.PAYPAL_WEBHOOK_ID,
    environment: config.PAYPAL_ENVIRONMENT,
    apiUrl: config.PAYPAL_API_URL,
  };
}

/** What the deposit dialog shows of PayPal: currency, limits, rate and fee, as configured. */
export function paypalOffer(config: Config, settings: PayPalSettings): PayPalConfig {
  return {
    currency: config.PAYPAL_CURRENCY,
    minAmount: currencyValue(parseUsdt(config.PAYPAL_MIN_AMOUNT)),
    maxAmount: currencyValue(parseUsdt(config.PAYPAL_MAX_AMOUNT)),
    rate: config.PAYPAL_USDT_RATE,
    feePercent: config.PAYPAL_FEE_PERCENT,
    feeFixed: currencyValue(parseUsdt(config.PAYPAL_FEE_FIXED)),
    sandbox: settings.environment === 'sandbox',
  };
}

export function createPayPalService(
  config: Config,
  settings: PayPalSettings,
  deps: { db: Database; log: FastifyBaseLogger; clock: Clock },
): PayPalService {
  const baseUrl = settings.apiUrl ?? PAYPAL_API_URLS[settings.environment];
  return new PayPalService({
    db: deps.db,
    client: new PayPalClient({
      baseUrl,
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
    }),
    verifier: new PayPalWebhookVerifier({
      webhookId: settings.webhookId,
      // The machine's time, not the test clock's: a transmission's age is real time.
      hosts: certificateHosts(settings.environment, settings.apiUrl),
    }),
    config: paypalOffer(config, settings),
    publicUrl: publicUrl(config),
    log: deps.log,
    clock: deps.clock,
  });
}
