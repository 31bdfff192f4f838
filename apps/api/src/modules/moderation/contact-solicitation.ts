// Solicitation: wording that asks to pay or deal outside CrimsonHost, in the languages we see
// most, and a better price offered beside a contact.

import { any, B, E, gap, rx } from './contact-regex';

const SITE = `(?:the\\s+|this\\s+)?${any(['site', 'platform', 'crimsonhost', 'marketplace', 'website'])}`;
/** Ways to pay that do not go through CrimsonHost. */
const RAILS = any([
  'paypal', 'venmo', 'cash ?app', 'zelle', 'revolut', 'skrill', 'western union', 'moneygram', 'iban',
  'bank transfer', 'wire transfer', 'pix', 'qiwi', 'bizum', 'mercado pago',
  'transferencia(?: bancaria)?', '\\p{L}*uberweisung', 'сбп', 'на карту', 'по номеру карты',
]); // prettier-ignore
/** Words that make a way to pay an offer ("paypal me", "venmo works", "manda um pix"). */
const RAIL_TRIGGERS = any([
  'pay\\p{L}*', 'pag\\p{L}*', 'paie\\p{L}*', 'send', 'transfer', 'works', 'fine', 'ok', 'me', 'my',
  'manda', 'mande', 'faz', 'faca', 'envia', 'passa', 'pra mim', 'para mim', 'переведи', 'скинь',
  'кинь', 'оплат\\p{L}*', 'zahl\\p{L}*', 'bezahl\\p{L}*', 'uberweis\\p{L}*', 'an mich',
]); // prettier-ignore
const OFF_SITE = 'off[- ]?(?:site|platform)';
const PRIVATELY = any([
  'directly', 'direct', 'privately', 'in private', 'on the side', 'personally', OFF_SITE,
  // "pay me outside", not "outside peak hours".
  `outside${E}(?!\\s+(?:of\\s+)?(?:the\\s+)?(?:peak|weekends?|hours|office|business|working|work|game|server))`,
]); // prettier-ignore
/** "pay directly from my balance" is paying on the site. */
const ON_SITE = `(?!\\s+${any(['from', 'with', 'through', 'via', 'using', 'on', 'in'])}\\s+(?:my\\s+|the\\s+|your\\s+)?${any(['balance', 'site', 'platform', 'crimsonhost', 'rent', 'account'])})`;
const MY_ACCOUNT = any([
  'wallet',
  'trc20',
  'erc20',
  'bep20',
  'binance',
  'paypal',
  'bank',
  'card',
  'crypto',
]);
/** "send USDT to my wallet" asks for a payment; "how do I send … to my wallet" does not. */
const NOT_ASKING = `(?<!${any(['i', 'we', 'do i', 'can i', 'should i', 'to', 'how to', 'where to'])}\\s)`;
const FEES = any(['fees?', 'commission', 'cut', 'site', 'platform', 'middleman', 'crimsonhost']);
const TALK = any([
  'talk',
  'chat',
  'continue',
  'message',
  'write',
  'contact',
  'text',
  'dm',
  'speak',
  'discuss',
  'move',
]);
const PAY_VERBS_ABROAD = any([
  'transf\\p{L}*', 'pag\\p{L}*', 'depos\\p{L}*', 'envi\\p{L}*', 'mand\\p{L}*', 'pas\\p{L}*',
  'zahl\\p{L}*', 'uberweis\\p{L}*', 'перевед\\p{L}*', 'переведи', 'скин\\p{L}*',
]); // prettier-ignore
const MY_ACCOUNT_ABROAD = `${any(['a', 'para', 'pra', 'на', 'auf', 'an'])}\\s+${any(['mi', 'minha', 'mein\\p{L}*', 'мою', 'мой'])}\\s+${any(['cuenta', 'conta', 'tarjeta', 'cartao', 'konto', 'karte', 'карту', 'счет', 'billetera', 'carteira', 'wallet'])}`;

export const SOLICITATIONS = [
  `(?:pay|tip)(?:ing|s|ped)?\\s+${gap(5)}${PRIVATELY}${E}${ON_SITE}`,
  `(?:send|transfer|wire)\\s+${gap(4)}(?:directly|straight|privately)\\s+to\\s+(?:me|my)${E}`,
  `${NOT_ASKING}(?:send|transfer|wire|pay)\\s+${gap(4)}to\\s+my\\s+(?:own\\s+|personal\\s+)?${MY_ACCOUNT}${E}(?!.{0,20}(?:on|through) ${SITE})`,
  `${OFF_SITE}|outside\\s+(?:of\\s+)?${SITE}|without\\s+(?:the\\s+)?${FEES}`,
  `(?:skip|avoid|bypass|dodge)\\s+${gap(2)}${FEES}|save\\s+${gap(2)}(?:fees?|commission)|no\\s+(?:platform|site|crimsonhost)\\s+(?:fees?|commission)`,
  `${TALK}\\p{L}*\\s+${gap(3)}(?:somewhere else|elsewhere|privately|in private)`,
  `(?:don'?t|do not|no need to|never)\\s+pay\\s+(?:through|on|via|with|using|here)(?:\\s+${SITE})?`,
  `(?:accept|take|prefer)\\s+${gap(2)}(?:directly|privately|in private|outside|${OFF_SITE})`,
  `${PAY_VERBS_ABROAD}\\s+${gap(3)}${MY_ACCOUNT_ABROAD}`,
  `(?:private|side)\\s+(?:deal|arrangement|agreement|payment)|deal\\s+(?:directly|privately|in private)`,
  `(?:cheaper|better deal|better price)\\s+than\\s+(?:here|on\\s+${SITE})`,
  `(?:give|send|dm|pm|text)\\s+you\\s+my\\s+${any(['wallet', 'address', 'paypal', 'iban', 'card', 'trc20', 'erc20', 'details'])}`,
  `${RAIL_TRIGGERS}${E}.{0,25}${B}${RAILS}${E}|${B}${RAILS}${E}.{0,25}${B}${RAIL_TRIGGERS}${E}|paypal\\.me/`,
  // Spanish.
  `pag(?:a|ame|ar|ue|ueme|o)\\p{L}*\\s+${gap(2)}${any(['directamente', 'directo', 'por fuera', 'en privado', 'aparte'])}`,
  'fuera de la (?:pagina|plataforma|web)|sin comision',
  // Portuguese.
  `(?:paga|pague|pagar|pagamento)\\p{L}*\\s+${gap(2)}(?:direto|diretamente|por fora|no privado)`,
  'por fora|fora (?:do site|da plataforma)|sem (?:taxa|comissao)',
  // Russian.
  `(?:заплат|оплат|плат|перевед|скинь|кинь)\\p{L}*\\s+(?:\\p{L}+\\s+){0,2}?${any(['напрямую', 'на карту', 'мимо', 'без сайта', 'без комисси', 'в обход', 'лично'])}`,
  'мимо сайта|без комиссии|в обход (?:сайта|площадки)|минуя (?:сайт|площадку)',
  // German.
  `(?:zahl|bezahl|uberweis)\\p{L}*\\s+(?:\\p{L}+\\s+){0,2}?(?:direkt|privat|au(?:ss|ß)erhalb|bar)`,
  'au(?:ss|ß)erhalb (?:der|von) (?:plattform|seite|crimsonhost)|ohne (?:die )?(?:plattform|gebuhr\\p{L}*|provision)',
  // French and Italian.
  `(?:pai(?:e|ez)[- ]moi|payer|pagami|pagare)\\s+${gap(2)}(?:directement|direttamente)`,
  'en dehors (?:du site|de la plateforme)|hors (?:du site|de la plateforme)|sans (?:le site|la plateforme|commission)',
  'fuori dal(?:la)? (?:sito|piattaforma)|senza commissione',
].map((source) => rx(`${B}(?:${source})`, 'u'));

/** A better price offered beside a contact is an offer to deal there. */
export const PRICE_ADVANTAGE = rx(
  `${B}${any([
    'cheaper', 'better (?:price|deal)', 'discount', 'lower price', 'barato', 'descuento', 'desconto',
    'mejor precio', 'melhor preco', 'дешевле', 'скидк\\p{L}*', 'billiger', 'gunstiger', 'rabatt',
    'moins cher',
  ])}${E}`, // prettier-ignore
  'u',
);
