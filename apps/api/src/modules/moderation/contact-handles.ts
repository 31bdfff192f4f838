// Chat and social platforms (discord, telegram, whatsapp, …): their names, links and handles,
// invitations to reach someone on one, and moves of the conversation to one.

import type { ContactMatch } from './contact-match';
import { any, B, E, gap, rx } from './contact-regex';

interface Platform {
  name: string;
  /** Names that mean the platform and nothing else. */
  names: string[];
  /** Names that are also words ("steam", "line"): after "add me on", or with a handle after. */
  weak?: string[];
  /** Slang that is a word first ("x", "disc"): only after "add me on …" and the like. */
  slang?: string[];
  /** Links to a person (a profile, an invite), not to the platform's other pages. */
  links: string[];
  /** Platforms one is messaged on by number ("whatsapp +44 …", "whatsapp me"). */
  messaging?: boolean;
}

const PLATFORMS: Platform[] = [
  { name: 'discord', names: ['discord', 'discordapp', 'дискорд\\p{L}*', 'дс'], weak: ['dc'],
    slang: ['disc'], messaging: true,
    links: ['discord\\.gg/', 'discord(?:app)?\\.com/(?:invite|users)/', 'discord\\.me/'] },
  { name: 'telegram', weak: ['tele'], messaging: true,
    names: ['telegram', 'telegramm', 'tlgrm', 'telega', 'телеграм\\p{L}*', 'телег\\p{L}*', 'tg', 'тг'],
    links: ['t\\.me/', 'telegram\\.(?:me|dog)/'] },
  { name: 'whatsapp', weak: ['wa', 'zap', 'zapzap', 'whats'], messaging: true,
    names: ['whatsapp', 'whats ?app', 'whatsap', 'watsapp', 'wpp', 'wsp', 'wasap', 'guasap',
      'вотсап\\p{L}*', 'ватсап\\p{L}*', 'вацап\\p{L}*'],
    links: ['wa\\.me/', '(?:chat|api)\\.whatsapp\\.com/'] },
  { name: 'instagram', names: ['instagram', 'insta', 'инстаграм\\p{L}*', 'инст\\p{L}*'],
    weak: ['ig'], links: ['instagram\\.com/', 'instagr\\.am/'] },
  { name: 'steam', names: [], weak: ['steam', 'стим\\p{L}*'],
    links: ['steamcommunity\\.com/(?:id|profiles)/', 's\\.team/p/'] },
  { name: 'facebook', names: ['facebook', 'фейсбук\\p{L}*'], weak: ['fb'],
    links: ['facebook\\.com/', 'fb\\.com/', 'fb\\.me/', 'm\\.me/'] },
  { name: 'twitter', names: ['twitter'], slang: ['x'], links: ['twitter\\.com/', 'x\\.com/'] },
  { name: 'snapchat', names: ['snapchat', 'snap'], links: ['snapchat\\.com/add/'],
    messaging: true },
  { name: 'skype', names: ['skype', 'скайп\\p{L}*'], links: ['join\\.skype\\.com/'],
    messaging: true },
  { name: 'signal', names: [], weak: ['signal'], links: ['signal\\.me/', 'signal\\.group/'],
    messaging: true },
  { name: 'wechat', names: ['wechat', 'weixin'], links: ['u\\.wechat\\.com/'], messaging: true },
  { name: 'line', names: [], weak: ['line'], links: ['line\\.me/'] },
  { name: 'tiktok', names: ['tiktok', 'тикток\\p{L}*'], links: ['tiktok\\.com/@'] },
  { name: 'vk', names: ['vk', 'вк', 'vkontakte', 'вконтакте'], links: ['vk\\.com/', 'vk\\.me/'] },
  { name: 'kik', names: ['kik'], links: ['kik\\.me/'], messaging: true },
  { name: 'viber', names: ['viber', 'вайбер\\p{L}*'], links: ['invite\\.viber\\.com/'],
    messaging: true },
  // Where players find each other; not in the list, and as good a way off the platform.
  { name: 'reddit', names: ['reddit'], links: ['reddit\\.com/u(?:ser)?/'] },
  { name: 'twitch', names: [], weak: ['twitch'], links: ['twitch\\.tv/'] },
  { name: 'xbox', names: ['xbox live', 'gamertag'], weak: ['xbox', 'xbl'], links: [] },
  { name: 'playstation', names: ['psn', 'playstation network'], links: [] },
  { name: 'battle.net', names: ['battle\\.?net', 'battletag'], links: [] },
  { name: 'epic', names: ['epic games'], slang: ['epic'], links: [] },
]; // prettier-ignore

const namesOf = (p: Platform) => [...p.names, ...(p.weak ?? []), ...(p.slang ?? [])];
const STRONG = any(PLATFORMS.flatMap((p) => p.names));
const WEAK = any(PLATFORMS.flatMap((p) => p.weak ?? []));
const NAMED = any(PLATFORMS.flatMap((p) => [...p.names, ...(p.weak ?? [])]));
const ANY_NAME = any(PLATFORMS.flatMap(namesOf));
const MESSAGING = any(
  PLATFORMS.filter((p) => p.messaging).flatMap((p) => [...p.names, ...(p.weak ?? [])]),
);
const HANDLE_WORDS = any([
  'id', 'name', 'username', 'user', 'handle', 'tag', 'nick', 'nickname', 'number', 'account',
  'profile', 'acc',
]); // prettier-ignore
const POSSESSIVE = any([
  'my', 'our', 'mi', 'mis', 'meu', 'minha', 'mein', 'meine', 'meinen', 'мой', 'моя', 'мои', 'наш',
  'наша', 'mon', 'ma', 'mio', 'mia',
]); // prettier-ignore
const SEPARATOR = '(?::|=|->|—|\\s-\\s)';
const SAYS = `(?:${SEPARATOR}|\\s(?:is|es|e|ist|est)\\s)`;
/** The words that may follow a handle that ends its clause ("my discord is craftking, add me"). */
const AFTER_HANDLE = any([
  'and', 'add', 'dm', 'pm', 'hmu', 'text', 'msg', 'message', 'if', 'or', 'for', 'on', 'there', 'y',
  'e', 'und', 'et',
]); // prettier-ignore
/**
 * After "my telegram": a separator, or "is" and then a handle or a number that ends the clause
 * ("my discord is craftking, add me"), not the rest of a sentence ("my discord is linked to …").
 */
const SAYS_HANDLE = `(?:\\s*${SEPARATOR}|\\s(?:is|es|e|ist|est)\\s+(?=@|\\+?\\d[\\d\\s().-]{6,}|[\\p{L}\\p{N}._#-]+(?:$|\\s*[,;.!?)]|\\s${AFTER_HANDLE}\\s)))`;
/** A user name as people write one: a letter in it, and not a word of the sentence. */
const HANDLE = '@?([\\p{L}\\p{N}][\\p{L}\\p{N}._:#-]*)';
const NOT_HANDLES = new Set(
  ('yes no not the a an and or but it is are was this that does do did dont doesnt can cant will ' +
    'please thanks ok okay down up here there same server plugin bot link mods mod map maps them ' +
    'stuff workshop store market well usual always new online offline active also available still ' +
    'only busy banned level playing').split(' '),
); // prettier-ignore
const isHandle = (handle: string) => /\p{L}/u.test(handle) && !NOT_HANDLES.has(handle);

const INVITE = any([
  'add', 'hit', 'hmu', 'dm', 'pm', 'msg', 'message', 'text', 'txt', 'write', 'contact',
  'reach(?: out)?', 'get in touch', 'find', 'ping', 'call', 'follow', 'catch', 'friend', 'talk',
  'speak', 'chat',
]); // prettier-ignore
const PRONOUN = '\\s+(?:to\\s+|with\\s+)?(?:me|us)(?:\\s+up)?\\s*[:,-]?';
const PREPOSITION = any(['on', 'in', 'at', 'via', 'through', 'thru', 'over', 'by', 'using', '@']);
const INVITE_ES = any([
  'agregame', 'anademe', 'escribeme', 'escribime', 'hablame', 'llamame', 'contactame', 'buscame',
  'sigueme', 'mandame',
]); // prettier-ignore
const INVITE_PT = `(?:me\\s+${any(['chama', 'chame', 'add', 'adiciona', 'adicione', 'segue', 'siga', 'procura', 'liga'])}|fala\\s+comigo|chama)`;
const INVITE_RU = any([
  'пиши', 'напиши', 'напишите', 'пишите', 'добавь', 'добавьте', 'добавляйся', 'стучи', 'стучись',
  'звони', 'найди', 'ищи',
]); // prettier-ignore
const INVITE_DE = `${any(['schreib', 'adde', 'add', 'meld', 'kontaktier', 'find', 'folg'])}\\p{L}*`;
const INVITE_FR = `${any(['ajoute', 'ajoutez', 'ecris', 'ecrivez', 'contacte', 'contactez'])}[- ]moi`;
const INVITE_IT = any(['scrivimi', 'aggiungimi', 'contattami', 'chiamami', 'cercami']);
const I_AM = any(["i'?m", 'i am', 'soy', 'sou', 'ich bin', 'je suis', 'sono', 'я']);
const USER_NAME = '@?([\\p{L}\\p{N}_.]{3,})';

/** Someone offering themselves on a platform: "add me on …", in the languages we see most. */
const INVITATIONS = [
  `${INVITE}(?:${PRONOUN})?(?:\\s+up)?\\s+${PREPOSITION}\\s+(?:my\\s+|the\\s+)?${ANY_NAME}`,
  `${INVITE}${PRONOUN}\\s*${STRONG}`,
  `${INVITE_ES}\\s+(?:${any(['a', 'al', 'en', 'por', 'via'])}\\s+)?(?:el\\s+|la\\s+|mi\\s+)?${ANY_NAME}`,
  `${INVITE_PT}\\s+(?:${any(['no', 'na', 'pelo', 'pela', 'em', 'via'])}\\s+)?${ANY_NAME}`,
  `${INVITE_RU}(?:\\s+(?:мне|меня))?\\s+(?:в|на|во)\\s+${ANY_NAME}`,
  `${INVITE_DE}(?:\\s+(?:mir|mich|uns))?\\s+${any(['auf', 'bei', 'per', 'uber', 'in', 'via'])}\\s+${ANY_NAME}`,
  `${INVITE_FR}\\s+${any(['sur', 'par', 'via', 'en'])}\\s+${ANY_NAME}`,
  `${INVITE_IT}\\s+${any(['su', 'via', 'per', 'in'])}\\s+${ANY_NAME}`,
  `${MESSAGING}\\s+me`,
  `join\\s+(?:my|our)\\s+${NAMED}`,
  `(?:on|in)\\s+${ANY_NAME}\\s+as\\s+${USER_NAME}`,
  `add\\s+${USER_NAME}\\s+on\\s+${ANY_NAME}${E}(?!\\s+(?:workshop|store|market))`,
  `${POSSESSIVE}\\s+${STRONG}${E}\\s*(?:${HANDLE_WORDS}\\s*)?${SAYS_HANDLE}`,
  `${I_AM}\\s+${USER_NAME}\\s+${any(['on', 'in', 'at', 'en', 'no', 'na', 'auf', 'sur', 'su', 'в'])}\\s+${NAMED}${E}`,
  // A Skype id says where it lives: "live:name", "live:.cid.…".
  `(?<![\\w])live:\\.?(?:cid\\.)?[a-z0-9._-]{3,}`,
  `${MESSAGING}\\s*(?::|-|->)?\\s*\\+?\\d[\\d\\s().-]{6,}`,
].map((source) => rx(`${B}${source}`));

/** "my steam is …", "my tele: …": a name that is also a word counts with a handle after it. */
const WEAK_POSSESSIVE = rx(
  `${B}${POSSESSIVE}\\s+(${WEAK})${E}\\s*(?:${HANDLE_WORDS}\\s*)?${SAYS}\\s*${HANDLE}`,
);

const MOVE = any([
  'talk', 'chat', 'speak', 'continue', 'move', 'switch', 'discuss', 'deal', 'negotiate',
  'do (?:this|it|the rest)', 'take (?:this|it)', 'bring (?:this|it)', 'sort (?:this|it)(?: out)?',
  'handle (?:this|it)', 'arrange (?:this|it)', 'finish (?:this|it)',
]); // prettier-ignore
const MOVE_ES = any(['hablemos', 'hablamos', 'sigamos', 'seguimos', 'charlemos', 'hablar']);
const MOVE_PT = any(['conversar', 'falar', 'conversa', 'continuar']);
const MOVE_RU = any([
  'давай', 'давайте', 'го', 'пойдем', 'перейдем', 'обсудим', 'поговорим', 'спишемся', 'продолжим',
]); // prettier-ignore
const MOVE_FR_IT = any([
  'parlons', 'continuons', 'discutons', 'parliamo', 'continuiamo', 'sentiamoci',
]); // prettier-ignore

/** Moving the conversation to a platform ("let's talk on telegram"): a contact and a solicitation. */
const MOVES = [
  `${MOVE}\\p{L}*\\s+${gap(3)}${any(['on', 'to', 'in', 'via', 'over', 'through'])}\\s+(?:my\\s+)?${ANY_NAME}`,
  `${MOVE_ES}\\s+${gap(2)}(?:por|en|al)\\s+${ANY_NAME}`,
  `${MOVE_PT}\\s+${gap(2)}${any(['no', 'na', 'pelo', 'pela', 'em'])}\\s+${ANY_NAME}`,
  `${MOVE_RU}\\s+${gap(2)}(?:в|на)\\s+${ANY_NAME}`,
  `(?:lass|lasst)\\s+uns\\s+${gap(2)}${any(['auf', 'bei', 'per', 'uber', 'in'])}\\s+${ANY_NAME}`,
  `${MOVE_FR_IT}\\s+${gap(2)}${any(['sur', 'par', 'en', 'su', 'via', 'in'])}\\s+${ANY_NAME}`,
].map((source) => rx(`${B}${source}${E}`));

/** "telegram: @name", "wechat id: name", "line id name" (the last only with a word for an id). */
const LABELLED = [
  `(${NAMED})${E}(?:\\s*${HANDLE_WORDS})?\\s*(?:${SEPARATOR}|→)\\s*${HANDLE}`,
  `(${NAMED})${E}\\s*(?:id|username|handle|nick)(?:\\s+is)?\\s+${HANDLE}`,
].map((source) => rx(`${B}${source}`));
/** "telegram is the best way to reach me: name": a handle after "reach me:", a platform named. */
const REACH_ME = rx(
  `${B}(?:reach|contact|find|add|message|text|write|dm|pm)\\s+(?:to\\s+)?(?:me|us)\\s*:\\s*${HANDLE}`,
);
const BARE_HANDLE = rx(`${B}(${STRONG})\\s+([a-z][\\w.]*[_\\d.][\\w.]*)`);
const AT_HANDLE = /(?<![\p{L}\p{N}_.@])@([\p{L}\p{N}_][\p{L}\p{N}_.]{1,31})/gu;
const STRONG_WORD = rx(`${B}${STRONG}${E}`, 'u');
const DISCORD_TAG = rx(`${B}([\\p{L}\\p{N}_.]{2,32})#(\\d{4})${E}`);
const NOT_TAGS = new Set([
  'rental',
  'ticket',
  'order',
  'issue',
  'invoice',
  'server',
  'deposit',
  'payout',
  'listing',
]);
const LINKS = PLATFORMS.filter((p) => p.links.length > 0).map((p) =>
  rx(`(?<![\\w.-])(?:https?://)?(?:www\\.|m\\.|mobile\\.)?(?:${p.links.join('|')})[^\\s,;!?'")]+`),
);

const PLATFORM_NAMES = PLATFORMS.map((p) => ({
  name: p.name,
  pattern: rx(`${B}${any(namesOf(p))}${E}`, 'u'),
}));

/** Which platform a matched span names, for the match's `normalised` form. */
function platformOf(span: string): string {
  return PLATFORM_NAMES.find(({ pattern }) => pattern.test(span))?.name ?? 'chat';
}

export function findSocial(text: string): { matches: ContactMatch[]; moves: boolean } {
  const matches: ContactMatch[] = [];
  const add = (span: string, normalised: string) =>
    matches.push({ kind: 'social_media', text: span.trim(), normalised });
  for (const pattern of LINKS) {
    for (const [link] of text.matchAll(pattern)) {
      add(link, link.replace(/^(?:https?:\/\/)?(?:www\.)?/, ''));
    }
  }
  for (const [span, name = '', tag = ''] of text.matchAll(DISCORD_TAG)) {
    if (!NOT_TAGS.has(name)) add(span, `discord:${name}#${tag}`);
  }
  for (const pattern of INVITATIONS) {
    for (const [span, handle] of text.matchAll(pattern)) {
      if (handle === undefined || isHandle(handle)) add(span, `${platformOf(span)}:invitation`);
    }
  }
  for (const pattern of [...LABELLED, WEAK_POSSESSIVE]) {
    for (const [span, platform = '', handle = ''] of text.matchAll(pattern)) {
      if (isHandle(handle)) add(span, `${platformOf(platform)}:${handle}`);
    }
  }
  const named = STRONG_WORD.exec(text)?.[0];
  for (const [span, handle = ''] of named ? text.matchAll(REACH_ME) : []) {
    if (isHandle(handle)) add(span, `${platformOf(named ?? '')}:${handle}`);
  }
  for (const [span, platform = '', handle = ''] of text.matchAll(BARE_HANDLE)) {
    add(span, `${platformOf(platform)}:${handle}`);
  }
  for (const match of text.matchAll(AT_HANDLE)) {
    const around = text.slice(Math.max(0, match.index - 30), match.index + match[0].length + 30);
    const nearby = STRONG_WORD.exec(around)?.[0];
    if (nearby) add(match[0], `${platformOf(nearby)}:${match[1] ?? ''}`);
  }
  let moves = false;
  for (const pattern of MOVES) {
    for (const [span] of text.matchAll(pattern)) {
      add(span, `${platformOf(span)}:invitation`);
      moves = true;
    }
  }
  return { matches, moves };
}
