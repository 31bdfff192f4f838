import type { Game } from '@crimsonhost/shared/constants';
import type { ServerAvailability } from '@crimsonhost/shared/catalog';

/**
 * The demo catalog: 60 listings from two vendors across the five games and eleven regions. Specs
 * follow what hosts sell for each game; prices per hour are derived from typical monthly prices
 * (docs/catalog-demo-data.md says how). Each listing's status query goes to a loopback demo game
 * server on DEMO_GAME_PORT_BASE + its index (UDP for A2S, TCP for Minecraft), which
 * `startDemoGameServers` runs.
 */

export const DEMO_HOST = '127.0.0.1';

export const DEMO_VENDORS = [
  { email: 'vendor.nordic@crimsonhost.demo', displayName: 'Nordic Frag Hosting' },
  { email: 'vendor.pacific@crimsonhost.demo', displayName: 'Pacific Game Cloud' },
] as const;

/**
 * A sales tier of one game: cpu, ram, storage, player slots, the typical price per month in USD
 * of such a plan, and a performance score (0-100) that follows the CPU generation and cores.
 */
type Tier = [
  cpu: string,
  ram: string,
  storage: string,
  slots: number,
  monthlyUsd: number,
  performance: number,
];

/** Price per hour = typical monthly price / 730 hours x 2 (renting by the hour, no commitment). */
export const HOURS_PER_MONTH = 730;
export const HOURLY_PREMIUM = 2;

const TIERS: Record<Game, Tier[]> = {
  // Minecraft Java is sold by RAM, at about 3 USD per GB per month.
  minecraft: [
    ['2 vCores · Ryzen 7 5800X', '4 GB', '40 GB NVMe', 20, 12, 72],
    ['3 vCores · Ryzen 9 5950X', '8 GB', '80 GB NVMe', 40, 24, 81],
    ['4 vCores · Ryzen 9 7950X', '12 GB', '120 GB NVMe', 80, 36, 90],
    ['6 vCores · Ryzen 9 7950X', '16 GB', '200 GB NVMe', 120, 48, 94],
  ],
  // Source servers are sold by slots; tickrate and CPU clock matter more than RAM.
  csgo: [
    ['2 vCores · Xeon E-2288G', '2 GB', '30 GB SSD', 12, 9, 64],
    ['2 vCores · Ryzen 7 5800X', '4 GB', '40 GB NVMe', 16, 14, 78],
    ['4 vCores · Ryzen 9 7950X', '4 GB', '40 GB NVMe', 24, 20, 91],
    ['4 vCores · Ryzen 9 7950X', '6 GB', '60 GB NVMe', 32, 26, 93],
  ],
  // Rust needs much RAM and a fast core; big maps run on whole machines.
  rust: [
    ['4 vCores · Ryzen 9 5950X', '10 GB', '60 GB NVMe', 50, 30, 74],
    ['6 vCores · Ryzen 9 5950X', '16 GB', '100 GB NVMe', 100, 55, 82],
    ['8 vCores · Ryzen 9 7950X', '24 GB', '150 GB NVMe', 200, 90, 89],
    ['16 threads · Ryzen 9 7950X (dedicated)', '64 GB', '1 TB NVMe', 300, 160, 97],
  ],
  // Valheim worlds are small; 10 players is the game's own limit.
  valheim: [
    ['2 vCores · Xeon E-2288G', '4 GB', '20 GB SSD', 10, 10, 66],
    ['3 vCores · Ryzen 7 5800X', '6 GB', '30 GB NVMe', 10, 14, 80],
    ['4 vCores · Ryzen 9 7950X', '8 GB', '40 GB NVMe', 10, 19, 92],
  ],
  // ARK is the heaviest of the five: maps take 8 GB or more each.
  ark: [
    ['4 vCores · Ryzen 7 5800X', '10 GB', '60 GB NVMe', 20, 28, 70],
    ['6 vCores · Ryzen 9 5950X', '16 GB', '100 GB NVMe', 50, 48, 83],
    ['8 vCores · Ryzen 9 7950X', '24 GB', '150 GB NVMe', 70, 72, 91],
  ],
};

export const DEMO_GAME_IDENTITY: Record<
  Game,
  { appId: number; folder: string; game: string; map: string; version?: string }
> = {
  minecraft: { appId: 0, folder: '', game: 'Minecraft', map: '', version: '1.21.4' },
  csgo: { appId: 730, folder: 'csgo', game: 'Counter-Strike: Global Offensive', map: 'de_dust2' },
  rust: { appId: 252490, folder: 'rust', game: 'Rust', map: 'Procedural Map' },
  valheim: { appId: 892970, folder: 'valheim', game: 'Valheim', map: 'Midgard' },
  ark: {
    appId: 346110,
    folder: 'ark_survival_evolved',
    game: 'ARK: Survival Evolved',
    map: 'TheIsland',
  },
};

/**
 * How a demo game server behaves: `answers` runs a responder (players are where it starts);
 * `silent` has none, so the status job finds it offline; `maintenance` is taken down by its vendor.
 */
type Behaviour = 'answers' | 'silent' | 'maintenance';

/** vendor (0 Nordic, 1 Pacific), region, game, tier, name, behaviour, availability, players */
type Row = [0 | 1, string, Game, number, string, Behaviour, ServerAvailability, number];

const A: ServerAvailability = 'AVAILABLE';
const R: ServerAvailability = 'RENTED';
const M: ServerAvailability = 'MAINTENANCE';

const ROWS: Row[] = [
  [0, 'fra', 'minecraft', 1, 'Nordic Survival SMP', 'answers', A, 23],
  [0, 'ams', 'minecraft', 0, 'Vanilla Plus Starter', 'answers', A, 4],
  [0, 'sto', 'minecraft', 2, 'Fjord Skyblock Network', 'answers', R, 61],
  [0, 'lon', 'minecraft', 3, 'Thames Modded (All the Mods 9)', 'answers', A, 109],
  [0, 'fra', 'minecraft', 0, 'Creative Build Plot', 'silent', A, 0],
  [0, 'sto', 'minecraft', 1, 'Hardcore Lantern Realm', 'answers', A, 37],
  [1, 'lax', 'minecraft', 2, 'Pacific Pixelmon Islands', 'answers', A, 58],
  [1, 'nyc', 'minecraft', 1, 'Empire Factions', 'answers', R, 31],
  [1, 'sgp', 'minecraft', 0, 'Lion City Survival', 'answers', A, 9],
  [1, 'syd', 'minecraft', 3, 'Outback Modpack Hub', 'maintenance', M, 0],
  [1, 'tyo', 'minecraft', 1, 'Sakura Towny', 'answers', A, 12],
  [1, 'dal', 'minecraft', 2, 'Lone Star Prison', 'answers', A, 77],

  [0, 'fra', 'csgo', 2, 'Frag Central 128-tick Competitive', 'answers', A, 19],
  [0, 'ams', 'csgo', 1, 'Dust2 Only 24/7', 'answers', A, 15],
  [0, 'sto', 'csgo', 3, 'Surf & Bhop Nordic', 'answers', R, 30],
  [0, 'lon', 'csgo', 0, 'Retake Practice London', 'answers', A, 3],
  [0, 'fra', 'csgo', 1, 'Aim Duels Frankfurt', 'answers', A, 14],
  [0, 'ams', 'csgo', 2, 'Scrim Server (5v5 + GOTV)', 'silent', A, 0],
  [1, 'nyc', 'csgo', 2, 'East Coast Competitive', 'answers', A, 22],
  [1, 'dal', 'csgo', 1, 'Texas Deathmatch', 'answers', A, 16],
  [1, 'lax', 'csgo', 3, 'West Coast Surf Combat', 'answers', R, 29],
  [1, 'sao', 'csgo', 1, 'São Paulo Retakes', 'answers', A, 11],
  [1, 'sgp', 'csgo', 0, 'SEA Practice Server', 'answers', A, 2],
  [1, 'syd', 'csgo', 2, 'Down Under Competitive', 'answers', A, 8],

  [0, 'fra', 'rust', 2, 'Frag Rust Main (weekly wipe)', 'answers', A, 171],
  [0, 'sto', 'rust', 1, 'Nordic Solo/Duo/Trio', 'answers', A, 64],
  [0, 'ams', 'rust', 3, 'Dutch 2x Modded', 'answers', R, 233],
  [0, 'lon', 'rust', 0, 'London Vanilla Small', 'answers', A, 12],
  [0, 'fra', 'rust', 1, 'Build & Raid Training', 'maintenance', M, 0],
  [1, 'dal', 'rust', 3, 'Lone Star Rust 3x', 'answers', A, 287],
  [1, 'nyc', 'rust', 2, 'Atlantic Monthly Wipe', 'answers', A, 140],
  [1, 'lax', 'rust', 1, 'Pacific Solo Only', 'answers', A, 48],
  [1, 'sgp', 'rust', 0, 'Asia Vanilla Starter', 'silent', A, 0],
  [1, 'syd', 'rust', 2, 'Southern Cross Rust', 'answers', R, 96],
  [1, 'sao', 'rust', 1, 'Brasil Rust Clans', 'answers', A, 83],
  [1, 'tyo', 'rust', 0, 'Tokyo Vanilla Weekly', 'answers', A, 21],

  [0, 'sto', 'valheim', 2, 'Yggdrasil Vikings', 'answers', A, 7],
  [0, 'fra', 'valheim', 1, 'Mistlands Co-op', 'answers', R, 9],
  [0, 'ams', 'valheim', 0, 'Meadows Starter World', 'answers', A, 2],
  [0, 'lon', 'valheim', 1, 'Valheim Plus Modded', 'answers', A, 5],
  [0, 'sto', 'valheim', 0, 'Hardcore Permadeath', 'silent', A, 0],
  [1, 'nyc', 'valheim', 2, 'Ashlands Raiders', 'answers', A, 10],
  [1, 'lax', 'valheim', 1, 'Pacific Longship Crew', 'answers', A, 6],
  [1, 'syd', 'valheim', 0, 'Aussie Mead Hall', 'answers', A, 3],
  [1, 'tyo', 'valheim', 1, 'Eastern Shores Co-op', 'maintenance', M, 0],
  [1, 'sgp', 'valheim', 2, 'Tropic Vikings', 'answers', R, 8],
  [1, 'dal', 'valheim', 0, 'Texas Trollslayers', 'answers', A, 1],
  [1, 'sao', 'valheim', 1, 'Brasil Vikings', 'answers', A, 4],

  [0, 'fra', 'ark', 2, 'Frag Ark PvP Cluster (The Island)', 'answers', A, 52],
  [0, 'sto', 'ark', 1, 'Nordic PvE Ragnarok', 'answers', A, 33],
  [0, 'ams', 'ark', 0, 'Tame & Breed 5x', 'answers', R, 14],
  [0, 'lon', 'ark', 1, 'Fjordur Tribes', 'silent', A, 0],
  [0, 'fra', 'ark', 0, 'Primitive Plus Starter', 'answers', A, 6],
  [0, 'sto', 'ark', 2, 'Extinction Boss Runs', 'maintenance', M, 0],
  [1, 'lax', 'ark', 2, 'Pacific Ark Cluster', 'answers', A, 63],
  [1, 'dal', 'ark', 1, 'Lone Star Scorched Earth', 'answers', A, 27],
  [1, 'nyc', 'ark', 0, 'Atlantic PvE Casual', 'answers', A, 8],
  [1, 'syd', 'ark', 1, 'Aussie Aberration', 'answers', R, 41],
  [1, 'sgp', 'ark', 2, 'SEA Genesis Cluster', 'answers', A, 66],
  [1, 'tyo', 'ark', 0, 'Tokyo Lost Island', 'answers', A, 10],
];

export interface DemoListing {
  index: number;
  vendor: 0 | 1;
  region: string;
  game: Game;
  name: string;
  description: string;
  cpu: string;
  ram: string;
  storage: string;
  slots: number;
  /** Micro-USDT per hour. */
  priceMicro: bigint;
  performance: number;
  popularity: number;
  behaviour: Behaviour;
  availability: ServerAvailability;
  /** Players the demo game server starts with. */
  players: number;
}

const GAME_BLURBS: Record<Game, string> = {
  minecraft:
    'Java edition with a daily off-site backup, one-click modpack installs and a web console.',
  csgo: 'Source server with GOTV, custom configs and workshop maps; low-jitter network with DDoS filtering.',
  rust: 'Oxide/uMod ready, scheduled wipes and automatic updates on force-wipe day.',
  valheim: 'Dedicated server with world backups every hour and crossplay switched on.',
  ark: 'Cluster-ready with mod support and a save every 15 minutes.',
};

/** Micro-USDT per hour from a monthly USD price, rounded to whole cents. */
export function hourlyPriceMicro(monthlyUsd: number): bigint {
  const cents = Math.round((monthlyUsd / HOURS_PER_MONTH) * HOURLY_PREMIUM * 100);
  return BigInt(Math.max(cents, 1)) * 10_000n;
}

export const DEMO_LISTINGS: DemoListing[] = ROWS.map(
  ([vendor, region, game, tierIndex, name, behaviour, availability, players], index) => {
    const [cpu, ram, storage, slots, monthlyUsd, performance] = TIERS[game][tierIndex]!;
    return {
      index,
      vendor,
      region,
      game,
      name,
      description: `${slots} slots on ${cpu} with ${ram} RAM. ${GAME_BLURBS[game]}`,
      cpu,
      ram,
      storage,
      slots,
      priceMicro: hourlyPriceMicro(monthlyUsd),
      performance,
      // Rentals so far: a spread that does not follow price, so that the sorts differ.
      popularity: (index * 37 + slots * 3) % 240,
      behaviour,
      availability,
      players: Math.min(players, slots),
    };
  },
);

/**
 * Game servers the demo runs that no listing names yet, one per game, on the ports after the
 * listings' (DEMO_GAME_PORT_BASE + 60 onwards): a vendor trying the demo lists one of them, and
 * the status check finds it answering (decision 038: each game server is listed once).
 */
export const DEMO_SPARE_GAME_SERVERS: Array<{
  index: number;
  game: Game;
  name: string;
  slots: number;
}> = (['minecraft', 'csgo', 'rust', 'valheim', 'ark'] as const).map((game, offset) => ({
  index: ROWS.length + offset,
  game,
  name: `Spare ${DEMO_GAME_IDENTITY[game].game} server`,
  slots: TIERS[game][0]![3],
}));
