import { paragraphMail, type QueuedMail } from '../../lib/mail-outbox';

export type VendorNews = 'received' | 'approved' | 'rejected' | 'ACTIVE' | 'SUSPENDED' | 'CLOSED';

const SUBJECTS: Record<VendorNews, string> = {
  received: 'We received your CrimsonHost vendor application',
  approved: 'You are now a CrimsonHost vendor',
  rejected: 'Your CrimsonHost vendor application was not approved',
  ACTIVE: 'Your CrimsonHost vendor account is active again',
  SUSPENDED: 'Your CrimsonHost vendor account is suspended',
  CLOSED: 'Your CrimsonHost vendor account is closed',
};

const BODIES: Record<VendorNews, string[]> = {
  received: [
    'Thank you for applying to sell on CrimsonHost. Staff review each application, usually within two working days, and we will write to you with the decision.',
  ],
  approved: [
    'Staff approved your application: your account now has the vendor role.',
    'Your vendor page shows where you stand and the payout addresses you gave. Money from your rentals is held in escrow while a rental runs, stays pending for 7 days after it ends (the dispute window of our buyer protection policy), and then becomes available for a payout.',
  ],
  rejected: [
    'Staff reviewed your application and did not approve it this time. You can correct what the reason names and apply again from the same page.',
  ],
  ACTIVE: ['Your vendor account is active again.'],
  SUSPENDED: [
    'Staff suspended your vendor account. Your listings are out of the catalog; rentals already running keep running to their end, and the money you earned stays yours.',
  ],
  CLOSED: [
    'Staff closed your vendor account. Your listings are out of the catalog; rentals already running keep running to their end, and the money you earned stays yours.',
  ],
};

/** What an applicant or vendor is told of their application and of each change of their status. */
export function vendorMail(
  to: { email: string; name: string },
  news: VendorNews,
  reason: string | null,
  link: string,
): QueuedMail {
  const paragraphs = [
    `Hello ${to.name},`,
    ...BODIES[news],
    ...(reason ? [`${news === 'approved' ? 'Note' : 'Reason'}: ${reason}`] : []),
    `See where you stand: ${link}`,
    'If you have a question, answer this mail or write to support.',
  ];
  return paragraphMail({
    to: to.email,
    subject: SUBJECTS[news],
    paragraphs,
    kind: `vendor-${news.toLowerCase()}`,
  });
}
