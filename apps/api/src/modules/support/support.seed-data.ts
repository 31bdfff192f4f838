/**
 * The FAQ and canned replies a new storefront starts with. Every figure is the product's own:
 * deposit limits and per-network confirmations and fees (migrations 0003 and 0009), deposits and
 * rentals (docs/deposits.md, docs/rentals.md), the buyer protection policy's terms
 * (apps/web/src/features/policies), sessions and recovery (docs/architecture.md), tickets and SLA
 * hours (packages/shared/src/support.ts). An operator who changes a setting changes its article too.
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

interface NetworkFacts {
  code: 'TRC20' | 'ERC20' | 'BEP20';
  name: string;
  confirmations: number;
  fee: string;
  time: string;
  gas: string;
  address: string;
  example: string;
}

const networkArticle = (n: NetworkFacts): FaqSeedArticle => ({
  slug: `deposit-${n.code.toLowerCase()}`,
  title: `Depositing USDT on ${n.name}`,
  body: `In the deposit dialog on your [wallet](/wallet), choose **${n.name}**, enter the amount and choose **Generate Deposit Address**.

- **Send only USDT on ${n.code}.** Other tokens, or USDT sent on another network, are not credited.
- **Send to the exact address shown.** ${n.address} Use **Copy address** or scan the QR code rather than typing it.
- **Confirmations:** the deposit is credited after **${n.confirmations} confirmations**, typically ${n.time.toLowerCase()} once your transfer is in a block.
- **Fee:** the dialog shows the ${n.code} deposit fee, **${n.fee} of the amount that arrives**, rounded down in your favor. ${n.example}

Your own wallet also pays the blockchain's transaction fee in ${n.gas}. That fee is not ours and is not taken from the USDT you send. If you withdraw from an exchange that takes its fee from the amount, less arrives, and you are credited for what arrived.`,
});

export const FAQ_SEED: FaqSeedCategory[] = [
  {
    slug: 'deposits',
    name: 'Deposits & payments',
    articles: [
      {
        slug: 'how-deposits-work',
        title: 'How deposits work',
        body: `You pay for rentals from your CrimsonHost wallet, which you fund with USDT. Your e-mail address must be verified before you can open a deposit.

1. On your [wallet](/wallet), choose **Deposit**, enter an amount from **10 USDT** to **100,000 USDT** and choose a network: TRC20, ERC20 or BEP20.
2. Choose **Generate Deposit Address**. You get a **fresh address made for this deposit alone**, with a QR code and a countdown: it is valid for **30 minutes**.
3. Send exactly that amount of USDT, on that network, from your own wallet or exchange.
4. Once the network has the confirmations it needs, the amount less the deposit fee is in your balance and the deposit shows **Confirmed**.

You may close the dialog while you wait. The deposit stays in your wallet's list, and its page offers **Show address and QR code** until the address expires.

You can hold at most **5 unpaid deposits** at a time. When you reach that, pay one, cancel one, or wait for one to expire before opening another.

In the list, a deposit is **Waiting** for your payment, **Pending** while it collects confirmations, then **Confirmed**. It shows **Expired** if nothing arrived in its 30 minutes, and **Failed** if the blockchain reports that nothing was paid.`,
      },
      networkArticle({
        code: 'TRC20',
        name: 'Tron (TRC20)',
        confirmations: 20,
        fee: '0.5%',
        time: 'About 1 minute',
        gas: 'TRX',
        address: 'A TRC20 deposit address starts with **T**.',
        example: 'If 100 USDT arrives, the fee is 0.50 USDT and you are credited 99.50 USDT.',
      }),
      networkArticle({
        code: 'ERC20',
        name: 'Ethereum (ERC20)',
        confirmations: 12,
        fee: '1%',
        time: 'About 3 minutes',
        gas: 'ETH',
        address:
          'An ERC20 deposit address starts with **0x**, like a BEP20 one: check that your wallet sends on Ethereum.',
        example: 'If 25 USDT arrives, the fee is 0.25 USDT and you are credited 24.75 USDT.',
      }),
      networkArticle({
        code: 'BEP20',
        name: 'BNB Smart Chain (BEP20)',
        confirmations: 15,
        fee: '0.5%',
        time: 'About 1 minute',
        gas: 'BNB',
        address:
          'A BEP20 deposit address starts with **0x**, like an ERC20 one: check that your wallet sends on BNB Smart Chain.',
        example:
          'If 100 USDT arrives, the fee is 0.50 USDT and you are credited 99.50 USDT. Amounts are credited to 0.000001 USDT; any smaller fraction is not credited.',
      }),
      {
        slug: 'confirmations-and-fees',
        title: 'Confirmations and network fees',
        body: `A **confirmation** is a block the network adds after the block that holds your transfer. We credit a deposit once enough of them make the transfer final:
- **TRC20**: 20 confirmations, deposit fee 0.5%, about 1 minute.
- **ERC20**: 12 confirmations, deposit fee 1%, about 3 minutes.
- **BEP20**: 15 confirmations, deposit fee 0.5%, about 1 minute.

While they come in, the deposit dialog says "Payment received: waiting for the blockchain to confirm it." with the count, such as "7 of 20 confirmations". The deposit's page in your [wallet](/wallet) shows the same count.

The **deposit fee** is that percent of what arrives, rounded down to 0.000001 USDT in your favor. The dialog shows it before you pay, and every transaction in your wallet shows the fee taken and what reached your balance. Separately, your own wallet pays the blockchain's transaction fee (TRX, ETH or BNB) when it sends.

Rarely, a block is replaced and a transfer drops out of the chain. Its confirmations go back to 0 and we keep checking. If it does not come back within an hour, the deposit shows **Failed**. If it comes back later, it is still credited. A transfer that the chain reverted also fails, because nothing was paid.`,
      },
      {
        slug: 'late-short-or-over-payments',
        title: 'A late payment, or one that is less or more than asked',
        body: `USDT that reaches one of your deposit addresses on the right network is **credited for what arrived**, less the deposit fee, and never lost:
- **Late:** if your payment arrives after the address's 30 minutes, or after you cancelled the deposit, it is still credited. The deposit is marked as paid after the address expired.
- **Less than asked:** you are credited for what arrived. An exchange that takes its withdrawal fee from the amount is the usual cause.
- **More than asked:** you are credited for all of it.
- **A second payment to the same address:** it is credited too, as its own line in your wallet ("Further payment to deposit address…"). Still, open a new deposit for each payment so you can follow it.

Each deposit address belongs to one deposit only, which is how we always know whose payment it is, however late it comes. The deposit dialog and the deposit's page say when a payment was late, short or over.

If your wallet shows the transfer confirmed but your deposit has not moved after an hour, [open a ticket](/support/tickets/new) in the **Billing** category. Choose the deposit under **Related to** and add the transaction hash.`,
      },
      {
        slug: 'cancel-a-deposit',
        title: 'Cancelling a deposit you have not paid',
        body: `You do not have to cancel a deposit you changed your mind about: if nothing arrives, it expires by itself after 30 minutes and nothing is charged.

Cancelling is useful when you have reached the limit of 5 unpaid deposits, or want a clean list. In your [wallet](/wallet), open the deposit, choose **Cancel Transaction**, then **Cancel deposit**. Its address closes at once, it frees its place among the 5, and the deposit is listed as **Expired**, marked "Cancelled by you".

A deposit can be cancelled only while it is waiting and no payment has been seen. Once a payment to its address is on the chain, or the 30 minutes have passed, it cannot be cancelled. A payment on its way cannot be called back.

If money still reaches a cancelled deposit's address, it is credited like any late payment. Cancelling never refuses or loses money; it only stops the wait.`,
      },
      {
        slug: 'wrong-network',
        title: 'I sent USDT on the wrong network',
        body: `Each deposit is watched on the network you chose. USDT sent on another network, or another token such as USDC, TRX, ETH or BNB, is **not credited automatically**.

TRC20 addresses start with **T** and ERC20 and BEP20 addresses start with **0x**, so most wallets refuse to send between Tron and the other two. The mix-up that does happen is between **ERC20 and BEP20**, whose addresses look the same.

If it happened to you:
1. Do not send again to the same address to "fix" it. Open a new deposit for the payment you meant to make.
2. [Open a ticket](/support/tickets/new) in the **Billing** category and choose the deposit under **Related to**.
3. Give the transaction hash, the network and token you actually used, and the amount.

Support will check what happened and tell you plainly what can and cannot be done. We cannot promise that a transfer on the wrong network can be recovered. We will never ask for your wallet's seed phrase or private key.`,
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
        body: `Servers are rented by the hour, from **1 to 720 hours** (30 days) at a time, and paid from your wallet balance.

1. Open a server that is online and available, and enter how many hours you want.
2. Choose **Rent for … USDT**. **Confirm your rental** shows the total, your balance now and after, and the end time.
3. Confirm. The rental starts at once and appears on [My Rentals](/rentals), where you start the game server.

The whole price (price per hour × hours) is taken from your balance at once and **held in escrow**: your wallet shows it under **Held in escrow**, and the rental payment stays **Pending**. The vendor is paid only when the rental ends, less the platform commission. Until then, a cancellation can return the unused hours to you. See [buyer protection](/policies/buyer-protection).

If your balance is short, the panel says by how much and offers **Deposit USDT**. If someone else rents the server a moment before you, you are told, and nothing is taken from your wallet.`,
      },
      {
        slug: 'cancelling-and-refunds',
        title: 'Cancelling a rental and refunds',
        body: `You can end an active rental at any time with **Cancel** on [My Rentals](/rentals). The dialog shows the refund before you confirm with **Cancel rental**. The game server stops and the rental ends.

**What comes back:** the **unused whole hours**, the hours that have not begun yet, at the rental's price per hour. The hour in progress is not refunded.

For example, cancelling 1 hour 20 minutes into a 5-hour rental at 0.50 USDT an hour returns 3 hours: 1.50 USDT. With less than an hour left, the refund is 0.00 USDT.

The refund reaches your wallet **at once**, as a **Refund** transaction. It goes to your CrimsonHost balance in USDT, not back to the blockchain address you paid from, so no network fee is lost and it is ready for your next rental. What you used is released to the vendor.

A rental that ran to its end is not refunded. If the server did not work as listed, that is a matter for [buyer protection](/policies/buyer-protection), not a cancellation.`,
      },
      {
        slug: 'rental-end-and-extending',
        title: 'When your rental ends, and extending it',
        body: `A rental ends by itself at its end time. [My Rentals](/rentals) shows the time left on each active rental.

**When it ends:**
- The rental shows **Expired** and the game server is stopped.
- The connection address is no longer shown, and the server can be rented by others.
- Your payment is released from escrow to the vendor. Nothing is refunded for a rental that ran its full time.

Once a rental has ended, it cannot be extended. Use **Rent again** to start a new rental if the server is still available.

**To keep playing, extend before the end.** Choose **Extend** on the active rental and enter how many hours to add. The dialog shows the cost, the new end time and your balance after. Choose **Pay … USDT and extend**. The extra hours are paid from your wallet into escrow like the first payment, and the end time moves later. The server is not restarted and your players stay connected.

You can add up to 720 hours at a time, and a rental can run for at most a year in total.`,
      },
      {
        slug: 'start-stop-restart',
        title: 'Starting, stopping and restarting your server',
        body: `While a rental is active, [My Rentals](/rentals) shows the game server's state as the vendor's control panel last reported it, with how long ago it was checked: **starting**, **running**, **stopping**, **stopped** or **error**.

Use the buttons beside it:
- **Start** when the server is stopped.
- **Stop** when it is running or starting.
- **Restart** when it is running, for example after a configuration change.

After an error, all three are offered. The panel's answer tells you what happened.

Stopping the server does **not** pause your rental. The time keeps running until the end time, so stop it only when you mean to.

If a rental shows **No control panel**, its server cannot be controlled from here. If the server stays in **error**, or will not start after a few minutes, [open a ticket](/support/tickets/new) in the **Rental** category and choose the rental under **Related to**. A ticket about an active rental whose server shows an error starts at **High** priority at least.`,
      },
      {
        slug: 'connecting-to-your-server',
        title: 'Connecting to your server',
        body: `The address to connect to is on [My Rentals](/rentals), under the server's name on each active rental, in the form **host:port**. Copy it with the copy button so the port is not lost.

1. Check that the game server shows **running**. If it is stopped, choose **Start** and wait until it is running.
2. In the game, add or join the server with the whole address, port included. In Minecraft, for example, that is **Multiplayer → Add Server**. In CS:GO you can type \`connect host:port\` in the console.
3. Make sure your game version matches the server's.

The address is shown **only while the rental is active**. When the rental ends or is cancelled, it disappears and the server is stopped.

If the server is running and you still cannot connect, try once more from another network if you can. That tells a problem on your side from one on the server's. If it is the server, [open a ticket](/support/tickets/new) in the **Rental** category linked to the rental, with the error your game shows. A server you cannot reach because of a fault on the vendor's side is covered by [buyer protection](/policies/buyer-protection).`,
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
        body: `When you rent a server, your payment is **held in escrow** and the vendor is not paid while your rental runs. When the rental ends, the payment is released to the vendor, less the platform commission. A problem can be put right before money changes hands.

**Covered:** problems on the vendor's side.

- The server is not delivered, or you cannot connect to it because of a fault on the vendor's side.
- The specs are clearly below the listing: game, region, CPU, memory, storage or player slots.
- Repeated downtime, or long stretches of it, that you did not cause.

**Not covered:**
- Changing your mind after the server was delivered and works as listed.
- Problems caused by your own mods, plugins, configuration changes or uploaded files.
- Stops caused by breaking the platform rules or the game's terms.
- Trouble on your side, such as your own network or game client.

**Time limits:** raise a problem **within 48 hours of when it started**, and at the latest **7 days after the rental ends**.

The full terms are in the [buyer protection policy](/policies/buyer-protection).`,
      },
      {
        slug: 'report-a-problem',
        title: 'Raising a problem with a rental, and what support can do',
        body: `[Open a ticket](/support/tickets/new) with the category **Rental**, and choose the rental under **Related to**. Support then sees the rental and its server's state with your message. One ticket per rental is enough. Add new problems to the same ticket.

**Priority:** **Urgent** is only for a problem with an **active** rental, such as a server that is down while you are paying for it. For an ended rental, use High or Normal.

**Include:**
- What happened and when it started, with your time zone.
- Screenshots of connection errors, or the server console or log lines around the problem.
- For wrong specs: what the listing promised and what the server has.
- What you already tried, and anything the vendor told you.

**What happens next:** support reviews your case within 2 business days and may ask you for more details in the ticket. The vendor has 48 hours to give their side. Support posts its decision and the reason in the ticket.

**What support can do**, under the [buyer protection policy](/policies/buyer-protection): refund the whole hours you could not use to your wallet, refund a server that was never delivered in full, or add compensation as platform credit when the problem cost you more. If the problem is not covered, the ticket explains why.`,
      },
    ],
  },
  {
    slug: 'account',
    name: 'Account & security',
    articles: [
      {
        slug: 'recovery-codes',
        title: 'Getting back in with a recovery code',
        body: `When you created your account, with an e-mail address or with Discord, you were shown **ten recovery codes** once. Each one signs you in **once**. Use them when you cannot read your account's e-mail, or when your account was made with Discord.

1. On the sign-in page choose **Forgot your password?**, then **Use a recovery code**.
2. Enter your e-mail address and one code, and choose a new password.

After that, every other device is signed out, and **all ten codes are replaced** with new ones, including the ones you had not used. The new codes are shown once: save them before you leave the page.

On your [profile](/profile), **Recovery codes** shows how many you have left and warns you when you are running low. **Generate new codes** makes a fresh set (it asks for your current password if your account has one), and the old codes stop working.

Keep your codes somewhere safe and separate from your e-mail, such as a password manager or on paper.`,
      },
      {
        slug: 'forgot-password',
        title: 'I forgot my password',
        body: `On the sign-in page choose **Forgot your password?**, then **Reset by e-mail**, and enter your account's e-mail address. For your privacy, the answer is the same whether or not the address has an account.

We mail you a link that works **once, for 30 minutes**. Open it and choose a new password: at least 10 characters, not a commonly used password and not made from your e-mail address.

Setting the new password:
- signs you out on every device;
- replaces all ten recovery codes with new ones, shown once, so save them;
- verifies your e-mail address, if it was not verified yet.

**No mail?** Check your spam folder, wait a few minutes, and make sure you typed the address you registered with. If the link expired, ask for a new one. If you cannot read that mailbox at all, use a [recovery code](/account-recovery) instead.

Wrong passwords never lock your account. After a few failed attempts, you have to wait a little longer before each new try.`,
      },
      {
        slug: 'verify-email',
        title: 'Verifying your e-mail address',
        body: `When you register, we mail you a link to confirm that the address is yours. The link works **once, for 24 hours**.

Until your address is verified, you **cannot open a deposit** or link Discord to your account. Everything else works, including browsing servers and contacting support.

**Lost or expired link?** Your [profile](/profile) shows **Verify your e-mail address** with **Send a new link**. You can ask for up to three new links an hour. Resetting your password through the mailed link also verifies your address.

**A verification mail you did not ask for:** someone may have registered with your address. Do not open the link, because that would confirm their registration. Until an address is verified, nobody owns it. Whoever proves the mailbox first (with the verification link, a password reset or a Discord sign-in with that verified e-mail) keeps the address. Every other registration of it is closed and loses its sessions and recovery codes.

Accounts made with Discord are verified already.`,
      },
      {
        slug: 'discord-sign-in',
        title: 'Signing in with Discord',
        body: `When Discord sign-in is offered, the sign-in and register pages show **Continue with Discord**. Discord asks you to approve, then sends you back here.

- **No account yet:** we make one from your Discord account and show you **ten recovery codes** once. Save them: they are how you get back in if you lose access to Discord.
- **An account with your Discord e-mail already exists:** we ask for that account's password once, then choose **Link and sign in**. After that you can sign in either way. Linking needs that account's e-mail to be verified.
- **Your account's e-mail was never verified:** Discord sign-in makes a new account for that address instead of linking it, and the unverified registration is closed. Verify your address first if you want to keep that account.

An account made with Discord has no password. You can set one on your [profile](/profile) under **Set a password**.

If you see **Sign-in started elsewhere**, the sign-in was started in another browser or too long ago, and nobody was signed in. Choose **Start again with Discord** and finish it in the same browser.`,
      },
      {
        slug: 'session-expired',
        title: 'Why was I signed out?',
        body: `To protect your account on shared or forgotten devices, a sign-in ends:
- after **30 minutes without activity**. A **Session Timeout Warning** appears 5 minutes before; choose **OK** to carry on;
- **24 hours** after you signed in, however active you were.

You then see "Your session has expired. Please login again." Sign in again to carry on.

A few things are worth knowing:
- Activity in any tab keeps your other tabs signed in too, and reloading a page does not restart the 24 hours.
- Losing your internet connection for a while does not sign you out by itself.
- Nothing you paid for is affected. Your rentals keep running to their end time, and deposits are credited while you are signed out.

To end every sign-in at once, for example after using a shared computer, use **Sign out everywhere** on your [profile](/profile).`,
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
        body: `Your tickets are under [My Tickets](/support/tickets). Each one shows where it stands:
- **Open:** nobody has answered yet. If you add more before we answer, it stays Open.
- **In progress:** an agent has taken it and is working on it.
- **Waiting for you:** we answered or asked you something. Reply to carry on.
- **Waiting for support:** you replied, so it is our turn.
- **Resolved:** we think it is solved, and you can rate our help. If it is not solved, reply and it goes back to us. Otherwise it **closes by itself 7 days** after it was resolved, and we mail you a reminder 2 days before if you keep that notification on.
- **Closed:** finished. **Close ticket** closes it at once. If you reply **within 14 days** of it closing, the ticket reopens. Later, a reply starts a new ticket linked to the old one.

You choose which mails you get about your tickets in [Settings](/support/settings).`,
      },
      {
        slug: 'response-times',
        title: 'How fast support answers',
        body: `We aim to answer within these times, by priority:
- **Urgent:** 1 hour
- **High:** 4 hours
- **Normal:** 18 hours
- **Low:** 48 hours

The same target applies to our first answer and to each answer after you reply. The clock stops while a ticket is **Waiting for you**.

**Choosing the priority:**
- **Urgent** is only for a problem with an **active** rental, and the rental must be chosen under **Related to**.
- A ticket about an active rental whose server shows an error starts at **High** at least.
- Questions that can wait, such as how something works, are **Low** or **Normal**.

A rental dispute gets its first answer within these times. Support's review of the dispute takes up to 2 business days, as the [buyer protection policy](/policies/buyer-protection) says.

**Help us help you faster:** choose the right category, link the rental or transaction it is about, and attach screenshots or logs. You can attach up to 5 files of 10 MB each: images, PDF, text, log or zip files.`,
      },
    ],
  },
];

export const CANNED_REPLIES_SEED: CannedReplySeed[] = [
  {
    title: 'Ask for details',
    body: `Hello {{customer.name}},

thanks for writing to us. So that we can look into this properly, could you tell us when it happened (with your time zone), what you saw on screen, and what you already tried? A screenshot helps, and so does the transaction hash if it is about a payment.`,
    status: 'WAITING_CUSTOMER',
  },
  {
    title: 'Deposit still confirming',
    body: `Hello {{customer.name}},

your payment has reached the deposit address and is collecting confirmations. It is credited automatically once the network has them: 20 on TRC20, 12 on ERC20, 15 on BEP20. You can follow the count on the deposit's page in your wallet.

It is credited even though the address's 30 minutes may have run out. If it is not in your balance within an hour, reply here with the transaction hash and we will check it on the chain.`,
    status: 'WAITING_CUSTOMER',
  },
  {
    title: 'Deposit credited',
    body: `Hello {{customer.name}},

your deposit is confirmed and in your balance now. You can see the amount that arrived, the deposit fee and the amount credited on the deposit's page in your wallet.

We are marking this ticket resolved. If anything still looks wrong, just reply here.`,
    status: 'RESOLVED',
  },
  {
    title: 'Server restarted',
    body: `Hello {{customer.name}},

we restarted {{rental.server}} on our side, together with the vendor, and its control panel shows it running again. Your rental continues until {{rental.endsAt}}.

Please check that you can connect. If the problem comes back, reply here within the next few days and we will look at it under the buyer protection policy.`,
    status: 'RESOLVED',
  },
  {
    title: 'How refunds work',
    body: `Hello {{customer.name}},

when you cancel a rental, the whole hours that have not begun yet come back to your wallet at once, at the rental's price per hour. The hour in progress is not refunded. For example, cancelling 1 hour 20 minutes into a 5-hour rental returns 3 hours.

Refunds go to your CrimsonHost balance in USDT, not to the blockchain address you deposited from, and appear as a Refund transaction in your wallet. A rental that ran to its end is not refunded unless a buyer protection case decides so.`,
    status: 'WAITING_CUSTOMER',
  },
  {
    title: 'Passed to the vendor',
    body: `Hello {{customer.name}},

we have passed ticket #{{ticket.number}} about {{rental.server}} to the vendor. Under the buyer protection policy they have 48 hours to answer, and we will update you here as soon as they do.

You do not need to do anything for now. If the problem changes, reply here so that everything stays in one place.`,
    status: 'IN_PROGRESS',
  },
  {
    title: 'Duplicate ticket',
    body: `Hello {{customer.name}},

this ticket is about the same thing as another of your open tickets, so we are closing it to keep the conversation in one place. We will answer you there.

If this one was about something different, reply within 14 days and it reopens.`,
    status: 'CLOSED',
  },
];
