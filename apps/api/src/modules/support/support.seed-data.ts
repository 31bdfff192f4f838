/**
 * The FAQ and canned replies a new storefront starts with. Every figure here is the product's
 * own: minimum deposit 10 USDT, maximum 100,000 USDT, TRC20 20 confirmations and 0.5 %, ERC20 12
 * and 1 %, BEP20 15 and 0.5 % (migration 0003), addresses valid 30 minutes, refunds of unused whole
 * hours (docs/rentals.md), reset links valid 30 minutes, ten recovery codes, 30 minutes idle and 24
 * hours per sign-in, tickets closing 7 days after they are resolved (packages/shared/src/support.ts).
 * Staff change them in the FAQ editor; a changed setting needs its article changed too.
 */
export interface FaqSeedArticle {
  slug: string;
  title: string;
  /** Markdown. */
  body: string;
}
export interface FaqSeedCategory {
  slug: string;
  name: string;
  articles: FaqSeedArticle[];
}
export interface CannedReplySeed {
  title: string;
  body: string;
  status: 'IN_PROGRESS' | 'WAITING_CUSTOMER' | 'WAITING_SUPPORT' | 'RESOLVED' | 'CLOSED' | null;
}

const network = (name: string, code: string, confirmations: number, fee: string, time: string) => ({
  slug: `deposit-${code.toLowerCase()}`,
  title: `Depositing USDT on ${code} (${name})`,
  body: `Choose **${code}** in the deposit dialog on your [wallet](/wallet), enter the amount and send exactly that amount of **USDT on ${name}** to the address shown.

- The deposit is credited after **${confirmations} confirmations**, usually ${time.toLowerCase()} after the network accepts your transfer.
- The network fee shown in the dialog is **${fee}** of the amount; it is taken from what you send.
- Send USDT only. Other tokens, or USDT on another network, do not arrive at this address.

Copy the address with the Copy button or scan the QR code, and keep the dialog open until the first confirmation shows. You can close it: the deposit keeps waiting, and its status is in your wallet's transactions.`,
});

export const FAQ_SEED: FaqSeedCategory[] = [
  {
    slug: 'deposits',
    name: 'Deposits & payments',
    articles: [
      {
        slug: 'how-deposits-work',
        title: 'How deposits work',
        body: `Your wallet is funded with USDT. Open your [wallet](/wallet), choose **Deposit**, enter an amount between **10 USDT** and **100,000 USDT** and pick a network: TRC20, ERC20 or BEP20.

1. We show a **fresh address** made for this deposit alone, valid for **30 minutes**.
2. You send the amount to it from your own wallet or exchange.
3. Once the network has enough confirmations, the amount less the network's fee is in your balance and the deposit shows **Confirmed**.

Every deposit gets its own address, so a payment is always matched to the right deposit. Do not reuse an address from an earlier deposit for a new payment: open a new deposit instead.`,
      },
      network('Tron', 'TRC20', 20, '0.5 %', 'About 1 minute'),
      network('Ethereum', 'ERC20', 12, '1 %', 'About 3 minutes'),
      network('BNB Smart Chain', 'BEP20', 15, '0.5 %', 'About 1 minute'),
      {
        slug: 'confirmations-and-fees',
        title: 'Confirmations and network fees',
        body: `A **confirmation** is a block the network added after the one holding your transfer. We wait for enough of them that the transfer cannot be undone:

- **TRC20**: 20 confirmations, fee 0.5 %, about 1 minute.
- **ERC20**: 12 confirmations, fee 1 %, about 3 minutes.
- **BEP20**: 15 confirmations, fee 0.5 %, about 1 minute.

The transaction's page in your wallet counts the confirmations as they come. The fee is shown before you pay and taken from the amount credited. Your own wallet or exchange may charge its own sending fee on top; that is between you and them.`,
      },
      {
        slug: 'late-or-short-payments',
        title: 'A payment that was late, short or more than asked',
        body: `Money that reaches a deposit address is **never lost**:

- **Late**: a payment that arrives after the 30 minutes is still credited, for what arrived, and the deposit is marked late.
- **Short or more**: if you sent less or more than you asked for, we credit what actually arrived and the deposit says so.

Each deposit address belongs to one deposit only, so we can always tell whose payment it was. If a payment does not show after an hour, open a ticket in the **Billing** category, choose the deposit from your transactions and add the transaction hash from your wallet.`,
      },
      {
        slug: 'cancel-a-deposit',
        title: 'Cancelling a deposit you have not paid',
        body: `A deposit that is still **waiting** can be cancelled on its page in your [wallet](/wallet): choose **Cancel Transaction** and confirm. It then shows as expired.

Once a payment to the address has been seen, or the 30 minutes have passed, the deposit can no longer be cancelled. A payment that still reaches a cancelled deposit's address is credited like a late one.`,
      },
      {
        slug: 'wrong-network',
        title: 'I sent USDT on the wrong network',
        body: `Each address belongs to the network you chose. USDT sent on another network, or another token sent to the address, does not reach the deposit and is not credited automatically.

Open a ticket in the **Billing** category with the transaction hash, the network you used and the deposit it was meant for. Support will tell you honestly whether it can be recovered; we never ask for your wallet's private key or seed phrase.`,
      },
    ],
  },
  {
    slug: 'rentals',
    name: 'Renting servers',
    articles: [
      {
        slug: 'renting-a-server',
        title: 'Renting a server by the hour',
        body: `Find a server that shows **Rent Server** (it is online and free), choose how many hours and confirm. The price for all the hours is taken from your wallet at once and held in **escrow** while the rental runs; the vendor is paid when it ends.

You need the price in your balance before renting; the rent panel shows what is missing and lets you deposit the difference. Your rentals are on [My Rentals](/rentals).`,
      },
      {
        slug: 'extending-a-rental',
        title: 'Extending a rental',
        body: `On [My Rentals](/rentals), choose **Extend** on an active rental and the number of hours. The extra hours are paid from your wallet and the end time moves; nothing restarts and your players stay connected.`,
      },
      {
        slug: 'cancelling-and-refunds',
        title: 'Cancelling a rental and refunds',
        body: `You can end an active rental at any time with **Cancel** on [My Rentals](/rentals). The **unused whole hours**, the hours that have not begun yet, come back to your wallet at once as a refund. The hour that is running is not refunded.

For example, cancelling 1 hour 20 minutes into a 5-hour rental returns 3 hours. The refund is shown before you confirm.`,
      },
      {
        slug: 'when-a-rental-ends',
        title: 'What happens when a rental ends',
        body: `When the time is up the rental ends on its own and the game server is stopped. Extend before the end if you want to keep playing; the countdown on [My Rentals](/rentals) shows the time left.

The vendor is paid from escrow when the rental ends, less the platform's commission.`,
      },
      {
        slug: 'start-stop-restart',
        title: 'Starting, stopping and restarting your server',
        body: `While a rental is active, [My Rentals](/rentals) shows the server's state (starting, running, stopping, stopped) and the **Start**, **Stop** and **Restart** buttons. The state is read from the vendor's control panel and refreshes on its own.

If the server stays in *starting* for several minutes or shows an error, open a ticket in the **Rental** category and choose the rental: a ticket about a broken server of an active rental starts at high priority.`,
      },
      {
        slug: 'connecting',
        title: 'Connecting to your server',
        body: `The address and port to connect to are shown on the active rental in [My Rentals](/rentals), with a Copy button. In the game, add the server by that address (for example in Minecraft: *Multiplayer → Add Server*).

The address is only shown while the rental is active.`,
      },
    ],
  },
  {
    slug: 'protection',
    name: 'Buyer protection & disputes',
    articles: [
      {
        slug: 'buyer-protection',
        title: 'What buyer protection covers',
        body: `What you pay for a rental stays in **escrow** until the rental ends; only then is it released to the vendor. If you cancel, the unused whole hours come back to you from escrow at once.

The full terms are in the [buyer protection policy](/policies/buyer-protection).`,
      },
      {
        slug: 'report-a-problem',
        title: 'Reporting a problem with a rental',
        body: `Open a ticket at [New ticket](/support/tickets/new), choose the **Rental** category and the rental it is about, and describe what happened with times and screenshots.

- **Urgent** is for a problem with an **active** rental, such as a server that will not start.
- Support can see the server's state, contact the vendor and, where the policy allows, compensate you.`,
      },
    ],
  },
  {
    slug: 'account',
    name: 'Account & security',
    articles: [
      {
        slug: 'forgot-password',
        title: 'I forgot my password',
        body: `Choose **Forgot password** on the sign-in page and enter your e-mail address. We mail a link that works **once, for 30 minutes**. Setting a new password signs you out everywhere and gives you ten new recovery codes.

No mail? Check the spam folder, and that it is the address you registered with.`,
      },
      {
        slug: 'recovery-codes',
        title: 'Signing in with a recovery code',
        body: `When you registered you were shown **ten recovery codes**. Each works once: on the sign-in page choose the recovery option, enter your e-mail and one code, and choose a new password.

You can make a new set on your [profile](/profile); the old ones stop working. Keep them somewhere safe, away from your e-mail.`,
      },
      {
        slug: 'verify-email',
        title: 'Verifying your e-mail address',
        body: `After registering we mail you a link, valid for **24 hours**, to confirm your address. Until then you cannot open a deposit or link Discord. You can ask for a new link from your [profile](/profile).`,
      },
      {
        slug: 'discord-sign-in',
        title: 'Signing in with Discord',
        body: `Choose **Continue with Discord** on the sign-in page. If your Discord e-mail matches an account that already exists here, we ask for that account's password once to link the two.`,
      },
      {
        slug: 'session-expired',
        title: 'Why was I signed out?',
        body: `For your safety a sign-in ends after **30 minutes without activity**, with a warning 5 minutes before, and after **24 hours** in any case. Sign in again to carry on; nothing you paid for is affected.`,
      },
    ],
  },
  {
    slug: 'support',
    name: 'Using support',
    articles: [
      {
        slug: 'ticket-statuses',
        title: 'What the ticket statuses mean',
        body: `- **Open**: waiting for the first answer.
- **In progress**: an agent is working on it.
- **Waiting for you**: we answered or asked something; reply to carry on.
- **Waiting for support**: you replied; it is our turn.
- **Resolved**: we think it is solved. It closes itself after **7 days**; reply before then if it is not.
- **Closed**: finished. A reply within 14 days reopens it; later a reply starts a new ticket linked to the old one.`,
      },
      {
        slug: 'response-times',
        title: 'How fast we answer',
        body: `We aim to answer within **1 hour** for urgent tickets, **4 hours** for high, **18 hours** for normal and **48 hours** for low priority, and the same again after each of your replies. The clock stops while a ticket is waiting for you.

Choose the category and, for a rental, the rental itself: it puts your ticket in front of the right person with the facts at hand.`,
      },
    ],
  },
];

export const CANNED_REPLIES_SEED: CannedReplySeed[] = [
  {
    title: 'Ask for details',
    body: `Hello {{customer.name}},

thanks for writing to us. So that we can look into this properly, could you tell us when it happened (with your time zone), what you saw on screen, and add a screenshot if you have one?`,
    status: 'WAITING_CUSTOMER',
  },
  {
    title: 'Deposit still confirming',
    body: `Hello {{customer.name}},

your payment has reached the deposit address and is collecting confirmations. It is credited automatically once the network has them; you can follow the count on the transaction's page in your wallet. We will check on it again if it has not arrived within the hour.`,
    status: 'WAITING_CUSTOMER',
  },
  {
    title: 'Deposit credited',
    body: `Hello {{customer.name}},

the deposit is confirmed and in your balance now. If anything still looks wrong, just reply here.`,
    status: 'RESOLVED',
  },
  {
    title: 'Server restarted',
    body: `Hello {{customer.name}},

we restarted {{rental.server}} together with the vendor and it is running again. Your rental continues until {{rental.endsAt}}. Please let us know if it happens again.`,
    status: 'RESOLVED',
  },
  {
    title: 'How refunds work',
    body: `Hello {{customer.name}},

when a rental is cancelled, the hours that have not begun yet come back to your wallet at once; the hour that is running is not refunded. You can see the refund in your wallet's transactions.`,
    status: 'WAITING_CUSTOMER',
  },
  {
    title: 'Passed to the vendor',
    body: `Hello {{customer.name}},

we have passed ticket #{{ticket.number}} to the vendor of {{rental.server}} and will update you here as soon as they answer.`,
    status: 'IN_PROGRESS',
  },
  {
    title: 'Duplicate ticket',
    body: `Hello {{customer.name}},

this looks like the same question as another of your open tickets, so we are closing this one to keep everything in one place. We will answer you there.`,
    status: 'CLOSED',
  },
];
