// The contact-info detector (issue 17 point 9): each disguise it undoes, each kind of contact it
// finds, the look-alikes of game-server talk it lets through, the rental's own connection details,
// and its precision and recall on the labelled corpus beside it.
//
// How the corpus is labelled: `phone` and `email` when a person could call or write to what the
// message gives, however disguised; `social_media` when it gives a handle or a profile link on a
// chat or social platform, or invites the reader to reach the writer on a named platform ("add me
// on steam"); naming a platform for another reason ("my discord bot plugin") is none of them.
// `solicitation` when it asks to pay or deal outside CrimsonHost, or to move the conversation
// elsewhere ("let's talk on telegram"); offering a contact alone is not one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoot } from '../../src/lib/package-paths';
import {
  CONTACT_KINDS,
  detectContacts,
  explainHold,
  normaliseMessage,
  type ContactKind,
} from '../../src/modules/moderation/contact-detector';

const kindsOf = (text: string, allowed?: string[]) => detectContacts(text, { allowed }).kinds;
const normalisedOf = (text: string, kind: ContactKind) =>
  detectContacts(text)
    .matches.filter((match) => match.kind === kind)
    .map((match) => match.normalised);

describe('reading through the disguises', () => {
  it.each([
    ['NFKC (full-width letters and signs)', 'ｔｅｌｅｇｒａｍ＠ｎａｍｅ', 'telegram@name'],
    [
      'zero-width characters and soft hyphens',
      'tele\u200bgr\u00adam\u2060 me\ufeff',
      'telegram me',
    ],
    [
      'Cyrillic look-alikes inside a Latin word',
      'd\u0456sc\u043erd \u0455t\u0435am',
      'discord steam',
    ],
    ['Greek look-alikes', 'disc\u03bfrd t\u03b5legram', 'discord telegram'],
    ['a Russian word stays Russian', 'пиши в телеграм', 'пиши в телеграм'],
    ['accents', 'dïscord háblame', 'discord hablame'],
    ['spaced-out letters', 'd i s c o r d', 'discord'],
    ['dotted letters', 't.e.l.e.g.r.a.m', 'telegram'],
    ['pairs once the style is used', 'p a y  m e  d i r e c t l y', 'pay me directly'],
    [
      'digits for letters in a platform name',
      'disc0rd te1egram wh4tsapp 1nstagram',
      'discord telegram whatsapp instagram',
    ],
    ['@ and * for letters', 'wh@tsapp disc*rd', 'whatsapp discord'],
  ])('%s', (_what, text, expected) => {
    expect(normaliseMessage(text)).toBe(expected);
  });

  it('leaves digits alone outside platform names', () => {
    expect(normaliseMessage('Paper 1.20.4 on 51.38.12.77:25565, 12.50 USDT')).toBe(
      'paper 1.20.4 on 51.38.12.77:25565, 12.50 usdt',
    );
  });
});

describe('e-mail addresses', () => {
  it.each([
    ['email me at john.smith@gmail.com', 'john.smith@gmail.com'],
    ['john (at) gmail (dot) com', 'john@gmail.com'],
    ['john[at]gmail[dot]com', 'john@gmail.com'],
    ['john{at}proton{dot}me', 'john@proton.me'],
    ['crafty AT gmail DOT com', 'crafty@gmail.com'],
    ['john dot smith at yahoo dot co dot uk', 'john.smith@yahoo.co.uk'],
    ['j o h n @ g m a i l . c o m', 'john@gmail.com'],
    ['my email: johnsmith at gmail', 'johnsmith@gmail.com'],
    ['gmail: johnsmith1990', 'johnsmith1990@gmail.com'],
    ['juan.perez arroba gmail punto com', 'juan.perez@gmail.com'],
    ['joao arroba gmail ponto com', 'joao@gmail.com'],
    ['max punkt mustermann at gmx punkt de', 'max.mustermann@gmx.de'],
    ['ivan собака mail точка ru', 'ivan@mail.ru'],
  ])('finds %s', (text, address) => {
    expect(normalisedOf(text, 'email')).toEqual([address]);
  });

  it.each([
    'the mod author is at github dot com slash something',
    'the server crashed at 20:30',
    'look at the console at 19:45',
    'you can email support@crimsonhost.demo about refunds',
    'ssh root@51.38.12.77 -p 2022',
    'my insta is @mc.builds',
  ])('finds none in "%s"', (text) => {
    expect(kindsOf(text)).not.toContain('email');
  });
});

describe('phone numbers', () => {
  it.each([
    ['call me on +1 917 555 0123', '+19175550123'],
    ['my number is (917) 555-0123', '+19175550123'],
    ['text me 917.555.0123', '+19175550123'],
    ['0033 6 12 34 56 78', '+33612345678'],
    ['Meine Nummer: 0151 23456789', '+4915123456789'],
    ['llámame al 612 345 678', '+34612345678'],
    ['me liga no (11) 91234-5678', '+5511912345678'],
    ['звони 8 916 123 45 67', '+79161234567'],
    ['+44 7700 900 461, a number the plan keeps for films', '+447700900461'],
    ['call 917-555-O123 (letter O)', '+19175550123'],
    ['my phone: 9l7 555 0l23', '+19175550123'],
    ['9 1 7 5 5 5 0 1 2 3', '+19175550123'],
    ['my number is 917\u200b555\u200b0123', '+19175550123'],
  ])('finds %s', (text, e164) => {
    expect(normalisedOf(text, 'phone')).toEqual([e164]);
  });

  it.each([
    ['nine one seven five five five zero one two three', '+19175550123'],
    ['nine one seven, five five five, oh one two three', '+19175550123'],
    ['917 five five five 0123', '+19175550123'],
    ['3one2 5five5 0one4seven', '+13125550147'],
    ['seis uno dos, tres cuatro cinco, seis siete ocho', '+34612345678'],
    ['null eins fünf eins, zwei drei vier fünf sechs sieben acht neun', '+4915123456789'],
    ['восемь девять один шесть один два три четыре пять шесть семь', '+79161234567'],
  ])('reads digits written as words: %s', (text, e164) => {
    expect(normalisedOf(text, 'phone')).toEqual([e164]);
  });

  it.each([
    'connect 51.38.12.77:27015',
    // Addresses whose digits, run together, make a valid US or Russian number.
    'connect 73.233.42.245:26958',
    'server 89.196.140.247:57318 is down',
    'steam://connect/51.38.12.77:27015',
    'Forge 1.19.2 - 43.2.0, JEI 15.2.0.27',
    '12.50 USDT for a week, $5 for a slot',
    'down from 14:00 to 18:30 on 12/05, wipe 2024-06-06 19:00',
    '10/20 players online',
    'seed: -4172144997902289642',
    'world seed 8091867987493326313',
    'workshop id 1999447172',
    'mod ids: 731604991, 1404697612, 2564213871',
    'please add 76561198012345678 to the whitelist',
    'ports 27015-27020, 2456-2458 UDP',
    'can I get 16384 MB RAM?',
    'order 2024051230 has not started',
    'coords -1234 64 5678',
    '+1 to that, the server is great',
    'one or two players, three mods',
  ])('finds none in "%s"', (text) => {
    expect(detectContacts(text).hold).toBe(false);
  });
});

describe('chat and social platforms', () => {
  it.each([
    'add me on disc0rd: name#1234',
    'my discord is crafty_vendor',
    'join my discord server: discord.gg/abc123XY',
    't.me/vendor_mc',
    'telegram: @vendor_mc',
    'tg @vendormc',
    'wa.me/447911123456',
    'whatsapp me, same number as on my profile',
    'my insta is @mc.builds',
    'add me on steam, name is SniperWolf',
    'steamcommunity.com/id/sniperwolf',
    'facebook.com/john.smith.904',
    'x.com/mcvendor',
    'snap: mcvendor22',
    'skype: live:mcvendor',
    'message me on signal',
    'wechat id: mcvendor88',
    'add me on line, id mcvendor',
    'tiktok.com/@mcvendor',
    'vk.com/mcvendor',
    'kik me: mcvendor',
    'add me on xbox live: CraftKing',
    "I'm on discord as craftking",
    'пиши в телегу @vendor_mc',
    'adde mich auf Discord',
    'me chama no zap',
  ])('finds "%s"', (text) => {
    expect(kindsOf(text)).toContain('social_media');
  });

  it('gives the phone number of a WhatsApp link as well', () => {
    expect(normalisedOf('wa.me/447911123456', 'phone')).toEqual(['+447911123456']);
  });

  it.each([
    'my discord bot plugin throws a NullPointerException',
    'does DiscordSRV work on Paper?',
    'I signed in with Discord, can I add a password too?',
    'the server does not show up in the steam server browser',
    'steam workshop mod 2837465 will not load',
    'steamcommunity.com/sharedfiles/filedetails/?id=2837465012',
    'my SteamID is STEAM_0:1:12345678, add me to the admins',
    'line 42 of server.properties has a typo',
    'process killed by signal 9',
    'the x coordinate of the base is 1200',
    'snapshot 24w14a please',
    'My Discord is linked to my CrimsonHost account',
    'our TikTok clip of the raid got 10k views',
    '@Steve check the chest at spawn',
    'ticket #1042 is still open, rental#10042 too',
  ])('finds none in "%s"', (text) => {
    expect(detectContacts(text).hold).toBe(false);
  });
});

describe("the rental's own connection details", () => {
  const sftp = 'sftp://craftking.5f3a9c2b@node1.craftzone.net:2022';

  it('are never a contact', () => {
    expect(kindsOf(`files are on ${sftp}`)).toEqual(['email']);
    expect(kindsOf(`files are on ${sftp}`, [sftp])).toEqual([]);
    expect(kindsOf('join play.craftzone.net', ['play.craftzone.net'])).toEqual([]);
  });

  it('are matched in parts and whatever their case', () => {
    // A server password of ten digits reads as a phone number, unless it is the rental's own.
    const message = 'CONNECT 203.0.113.9:27015 then type 9175550123 at the prompt';
    expect(kindsOf(message)).toEqual(['phone']);
    expect(kindsOf(message, ['connect 203.0.113.9:27015; password 9175550123'])).toEqual([]);
  });

  it('do not hide a contact beside them', () => {
    const found = detectContacts('play.craftzone.net, or call +1 917 555 0123', {
      allowed: ['play.craftzone.net'],
    });
    expect(found.kinds).toEqual(['phone']);
  });

  it('include our own domain and steam:// server links without being passed', () => {
    expect(detectContacts('mail noreply@crimsonhost.demo, play.crimsonhost.demo').hold).toBe(false);
    expect(detectContacts('steam://connect/51.38.12.77:27015').hold).toBe(false);
  });
});

describe('solicitation', () => {
  it.each([
    'pay me directly and I will knock 20% off',
    "it's cheaper if we do it outside the site",
    'send the USDT straight to my wallet, no platform fee',
    'paypal me 10 bucks and I will extend your rental',
    'let us skip the platform fee',
    'let me give you my wallet address',
    "let's talk on telegram",
    'págame directamente y te hago descuento',
    'me paga por fora que sai mais barato',
    'заплати мне напрямую, без комиссии сайта',
    'zahl mir direkt, dann ist es billiger',
  ])('finds "%s"', (text) => {
    const found = detectContacts(text);
    expect(found.solicitation).toBe(true);
    expect(found.hold).toBe(true);
  });

  it('counts a better price beside a contact', () => {
    expect(detectContacts('call +33 6 12 34 56 78 for a better price').solicitation).toBe(true);
    expect(detectContacts('is it cheaper to rent for a whole month?').solicitation).toBe(false);
  });

  it.each([
    'can I pay directly from my balance?',
    'how do I send USDT to my wallet on the site?',
    'I sent 25 USDT to my deposit address an hour ago',
    'is there a discount outside of the weekend?',
    'send me the backup directly in the ticket',
    'directly after the wipe the server lags',
    'add me on discord: crafty#4821',
  ])('finds none in "%s"', (text) => {
    expect(detectContacts(text).solicitation).toBe(false);
  });
});

describe('why a message is held', () => {
  it('says what the message seemed to share, in plain words', () => {
    expect(explainHold(detectContacts('call me on +1 917 555 0123'))).toBe(
      'Your message looks like it shares a phone number. For your safety, keep contact and payment on CrimsonHost.',
    );
    expect(explainHold(detectContacts('john@gmail.com or whatsapp +44 7911 123456'))).toBe(
      'Your message looks like it shares a phone number, an e-mail address and a chat or social media account. For your safety, keep contact and payment on CrimsonHost.',
    );
    expect(explainHold(detectContacts('pay me directly'))).toBe(
      'Your message looks like it asks to deal or pay outside CrimsonHost. For your safety, keep contact and payment on CrimsonHost.',
    );
    expect(explainHold(detectContacts('the server crashed at 20:30'))).toBeNull();
  });
});

interface Labelled {
  text: string;
  kinds: ContactKind[];
  solicitation: boolean;
}

function readCorpus(): Labelled[] {
  const file = path.join(apiRoot, 'src', 'modules', 'moderation', 'contact-corpus.jsonl');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Labelled);
}

class Tally {
  tp = 0;
  fp = 0;
  fn = 0;
  count(expected: boolean, found: boolean) {
    if (expected && found) this.tp += 1;
    else if (found) this.fp += 1;
    else if (expected) this.fn += 1;
  }
  // With nothing to find (or nothing found) there is nothing to be wrong about: 1.
  get precision() {
    return this.tp + this.fp === 0 ? 1 : this.tp / (this.tp + this.fp);
  }
  get recall() {
    return this.tp + this.fn === 0 ? 1 : this.tp / (this.tp + this.fn);
  }
}

describe('the labelled corpus', () => {
  const corpus = readCorpus();

  it('is large enough and about half contacts, half look-alikes', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(220);
    const positives = corpus.filter((entry) => entry.kinds.length > 0 || entry.solicitation);
    expect(positives.length / corpus.length).toBeGreaterThan(0.4);
    expect(positives.length / corpus.length).toBeLessThan(0.6);
    for (const entry of corpus) {
      expect(entry.kinds.every((kind) => CONTACT_KINDS.includes(kind))).toBe(true);
    }
  });

  it('is held with precision and recall of 0.95 or better', () => {
    const tallies = {
      hold: new Tally(),
      ...Object.fromEntries(CONTACT_KINDS.map((kind) => [kind, new Tally()])),
      solicitation: new Tally(),
    } as Record<'hold' | ContactKind | 'solicitation', Tally>;
    const wrong: string[] = [];
    for (const entry of corpus) {
      const found = detectContacts(entry.text);
      const held = entry.kinds.length > 0 || entry.solicitation;
      tallies.hold.count(held, found.hold);
      for (const kind of CONTACT_KINDS) {
        tallies[kind].count(entry.kinds.includes(kind), found.kinds.includes(kind));
      }
      tallies.solicitation.count(entry.solicitation, found.solicitation);
      if (held !== found.hold) wrong.push(`${held ? 'missed' : 'held'}: ${entry.text}`);
    }

    const held = corpus.filter((entry) => entry.kinds.length > 0 || entry.solicitation).length;
    const rows = Object.entries(tallies).map(([measure, tally]) =>
      [
        measure.padEnd(13),
        tally.precision.toFixed(3).padStart(9),
        tally.recall.toFixed(3).padStart(7),
        String(tally.tp).padStart(5),
        String(tally.fp).padStart(4),
        String(tally.fn).padStart(4),
      ].join(' '),
    );
    console.log(
      [
        `contact detector on ${corpus.length} labelled messages (${held} to hold, ${corpus.length - held} innocent)`,
        'measure       precision  recall    tp   fp   fn',
        ...rows,
        ...wrong,
      ].join('\n'),
    );

    expect(tallies.hold.recall).toBeGreaterThanOrEqual(0.95);
    expect(tallies.hold.precision).toBeGreaterThanOrEqual(0.95);
  });
});
