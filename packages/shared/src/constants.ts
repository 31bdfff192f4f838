/** Business constants of the product specification (section 9) and the enumerations of section 3. */

export const GAMES = ['minecraft', 'csgo', 'rust', 'valheim', 'ark'] as const;
export type Game = (typeof GAMES)[number];

export const GAME_LABELS: Record<Game, string> = {
  minecraft: 'Minecraft',
  csgo: 'CS:GO',
  rust: 'Rust',
  valheim: 'Valheim',
  ark: 'ARK: Survival Evolved',
};

export const NETWORKS = ['TRC20', 'ERC20', 'BEP20'] as const;
export type Network = (typeof NETWORKS)[number];

export const ROLES = ['admin', 'user', 'vendor', 'support'] as const;
export type Role = (typeof ROLES)[number];

/** Which app a token was issued to (spec section 3): the storefront, or the staff area. */
export const CLIENT_KINDS = ['WEB', 'ADMIN', 'SUPPORT'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Toast notifications stay this long unless a caller says otherwise. */
export const TOAST_DURATION_MS = 5000;
/** Page sizes offered by every paged table and list. */
export const TABLE_PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof TABLE_PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 20;

export const MOBILE_BREAKPOINT_PX = 768;
export const DRAWER_WIDTH_PX = 280;
export const DRAWER_MAX_WIDTH = '85vw';
export const HEADER_SCROLL_THRESHOLD_PX = 10;
export const ANNOUNCEMENT_CLEAR_MS = 1000;

export const PRIMARY_COLOR = '#DC2626';

export const PRICE_DECIMALS = 2;
export const PLAYER_BAR_WARN_RATIO = 0.7;
export const PLAYER_BAR_DANGER_RATIO = 0.9;

export const TIMELINE_DESCRIPTION_MAX_CHARS = 500;
export const DEPOSIT_AMOUNT_STEP = 10;
/** The longest rental, in hours (30 days). */
export const MAX_RENTAL_HOURS = 720;
export const DEPOSIT_ADDRESS_TTL_MINUTES = 30;
/** Unpaid deposits inside their 30 minutes one account may hold at once (each takes an address). */
export const MAX_UNPAID_DEPOSITS = 5;
export const DEFAULT_REQUIRED_CONFIRMATIONS = 15;
export const DEPOSIT_QR_SIZE = 200;
export const DEPOSIT_QR_LEVEL = 'H';

export const DEFAULT_TOKEN_EXPIRES_IN_S = 3600;
export const TOKEN_REFRESH_LEAD_S = 60;
export const TOKEN_REFRESH_FALLBACK_S = 900;
export const SLOW_REFRESH_WARN_MS = 200;

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_SESSION_MS = 24 * 60 * 60 * 1000;
export const IDLE_WARNING_BEFORE_MS = 5 * 60 * 1000;
export const SESSION_CHECK_INTERVAL_MS = 60 * 1000;
export const ACTIVITY_THROTTLE_MS = 1000;
