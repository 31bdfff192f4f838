import type {
  PanelError,
  PanelErrorsQuery,
  PanelLink,
  PanelLinkInput,
  PanelTest,
} from '@crimsonhost/shared/vendor-panels';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { PanelLinks } from '../panels/panel-links.service';
import type { PanelService } from '../panels/panel.service';
import { demoPanelLinkFor } from '../panels/panels.seed';
import * as listingsRepo from './vendor-listings.repository';
import * as vendorsRepo from './vendors.repository';

const notFound = () => new AppError('NOT_FOUND', 404, 'No listing with this id');

/**
 * The panel link of a vendor's listing (issue 16 point 5, decision 040). Only the listing's own
 * vendor sees or changes it (another vendor's listing is not found); saving and unlinking need an
 * ACTIVE vendor, reading and testing do not (a suspended vendor may still fix a panel).
 */
export class VendorPanelsService {
  constructor(
    private readonly db: Database,
    private readonly panels: PanelService,
    private readonly links: PanelLinks,
    /** The demo panel and game servers' ports, when the demo runs them. */
    private readonly demo: { panelPort: number; gamePortBase: number } | null = null,
  ) {}

  /** The demo panel's link for a listing of a spare demo game server; null otherwise. */
  async demoLink(vendorId: string, listingId: string): Promise<PanelLinkInput | null> {
    if (!vendorsRepo.isUuid(listingId)) throw notFound();
    const listing = await listingsRepo.listingOf(this.db, vendorId, listingId);
    if (!listing) throw notFound();
    return this.demo ? demoPanelLinkFor(listing, this.demo) : null;
  }

  async get(vendorId: string, listingId: string): Promise<PanelLink | null> {
    await this.assertMine(vendorId, listingId);
    return this.links.view(listingId);
  }

  async save(vendorId: string, listingId: string, input: PanelLinkInput): Promise<PanelLink> {
    await this.assertActive(vendorId);
    await this.assertMine(vendorId, listingId);
    try {
      await this.panels.link(listingId, {
        panelUrl: input.url,
        serverIdentifier: input.serverIdentifier,
        apiKey: input.apiKey,
      });
    } catch (error) {
      throw withFieldNames(error);
    }
    const view = await this.links.view(listingId);
    if (!view) throw notFound();
    return view;
  }

  async remove(vendorId: string, listingId: string): Promise<void> {
    await this.assertActive(vendorId);
    await this.assertMine(vendorId, listingId);
    await this.panels.unlink(listingId);
  }

  async test(vendorId: string, listingId: string): Promise<PanelTest> {
    await this.assertMine(vendorId, listingId);
    const result = await this.links.test(listingId);
    if (!result) {
      throw new AppError(
        'PANEL_NOT_LINKED',
        422,
        'This listing has no panel link yet. Save the panel address, server identifier and key first.',
      );
    }
    return result;
  }

  async errors(
    vendorId: string,
    query: PanelErrorsQuery,
  ): Promise<{ items: PanelError[]; total: number }> {
    if (query.listingId) await this.assertMine(vendorId, query.listingId);
    return this.links.errorsOf(vendorId, query);
  }

  private async assertMine(vendorId: string, listingId: string) {
    if (!vendorsRepo.isUuid(listingId)) throw notFound();
    if (!(await listingsRepo.listingOf(this.db, vendorId, listingId))) throw notFound();
  }

  private async assertActive(vendorId: string) {
    const vendor = await vendorsRepo.findVendor(this.db, vendorId);
    if (vendor?.status !== 'ACTIVE') {
      throw new AppError(
        'VENDOR_NOT_ACTIVE',
        403,
        vendor?.status === 'SUSPENDED'
          ? 'Your vendor account is suspended, so panel links cannot be changed. Contact support to find out more.'
          : 'Your vendor account is not active, so panel links cannot be changed.',
      );
    }
  }
}

/** PanelService names the URL field panelUrl; the vendor's form calls it url. */
function withFieldNames(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  const details = error.details as
    { fields?: Array<{ field: string; message: string }> } | undefined;
  if (!details?.fields) return error;
  const fields = details.fields.map((issue) =>
    issue.field === 'panelUrl' ? { ...issue, field: 'url' } : issue,
  );
  return new AppError(error.code, error.status, error.message.replace(/^panelUrl:/, 'url:'), {
    ...details,
    fields,
  });
}
