import { Alert, Button, Col, Flex, Form, Row, Select } from 'antd';
import { useState, type ReactNode } from 'react';
import { GAME_LABELS, GAMES, type Game } from '@crimsonhost/shared/constants';
import {
  LISTING_NAME_MAX,
  LISTING_SPEC_MAX,
  vendorListingInputSchema,
  type VendorListing,
  type VendorListingDetail,
  type VendorListingInput,
} from '@crimsonhost/shared/vendor-listings';
import { AppForm, contractRule } from '../../../components/app-form';
import { MessageEditor } from '../../../components/message-editor';
import { TextInput } from '../../../components/text-input';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { plainUsdt } from '../../../lib/wallet/usdt-format';
import { useRegions } from '../api/get-regions';
import { regionOptions, RegionsLoadWarning } from './region-choice';
import { fieldIssuesOf } from '../application-problems';

/** The form's values as its inputs hold them: text, until the contract reads them. */
export interface ListingFormValues {
  name?: string;
  game?: Game;
  region?: string;
  cpu?: string;
  ram?: string;
  storage?: string;
  playersMax?: string;
  price?: string;
  description?: string;
  host?: string;
  queryPort?: string;
}

type ListingField = keyof ListingFormValues;

const FORM_NAME = 'vendor-listing';
const { shape } = vendorListingInputSchema;
const FIELDS = Object.keys(shape) as ListingField[];
const GAME_OPTIONS = GAMES.map((game) => ({ value: game, label: GAME_LABELS[game] }));
/** What the address help says: the status query and the players do not use the same port. */
export const ADDRESS_HELP =
  'The address and port the status query reaches; players connect to the game port.';

/** A saved listing as the form shows it: the price as typed (0.25), numbers as text. */
export function toFormValues(listing: VendorListing): ListingFormValues {
  return {
    name: listing.name,
    game: listing.game,
    region: listing.region.code,
    cpu: listing.cpu ?? '',
    ram: listing.ram ?? '',
    storage: listing.storage ?? '',
    playersMax: String(listing.playersMax),
    price: plainUsdt(listing.price),
    description: listing.description,
    host: listing.host,
    queryPort: String(listing.queryPort),
  };
}

/** The values as the contract takes them: a blank field is a value not given. */
function toCandidate(values: ListingFormValues): Record<string, unknown> {
  return Object.fromEntries(
    FIELDS.map((field) => {
      const value = values[field];
      return [field, typeof value === 'string' && !value.trim() ? undefined : value];
    }),
  );
}

interface Problems {
  /** Under a field: the first problem of each. */
  fields: Array<{ name: ListingField; message: string }>;
  /** Problems no field stands for: shown above the button. */
  other: string[];
}

/** Sorts the schema's issues or the API's field issues into where they show. */
function sortProblems(
  issues: ReadonlyArray<{ path: string | readonly PropertyKey[]; message: string }>,
): Problems {
  const problems: Problems = { fields: [], other: [] };
  for (const { path, message } of issues) {
    const first = String((typeof path === 'string' ? path.split('.') : path)[0] ?? '');
    const field = FIELDS.find((candidate) => candidate === first);
    if (!field) problems.other.push(message);
    else if (!problems.fields.some(({ name }) => name === field)) {
      problems.fields.push({ name: field, message });
    }
  }
  return problems;
}

/** A field's rule: the contract's own check, and its own words when the field is empty. */
const ruleOf = (field: ListingField) => [
  contractRule(shape[field], field === 'region' ? '' : undefined),
];

/** Two or three fields side by side from 768 px up, one under another below. */
function Side({ span, children }: { span: number; children: ReactNode }) {
  return (
    <Col xs={24} md={span}>
      {children}
    </Col>
  );
}

/**
 * A listing's details (issue 16 point 4), for a new listing and an existing one. Each field is
 * checked with the contract's messages as it is left or changed, the whole on submit; the API's
 * findings (another listing on this address and query port, an unknown region) land under their
 * field, and any other refusal (a suspended vendor, a rented server) shows above the button. While
 * rented, the game and address cannot change and say why.
 */
export function ListingForm({
  listing,
  submitText,
  saving,
  save,
  onSaved,
  extraActions,
}: {
  /** The listing being edited; none for a new one. */
  listing?: VendorListing;
  submitText: string;
  saving: boolean;
  /** Sends the contract's values; rejects with the API's refusal. */
  save: (input: VendorListingInput) => Promise<VendorListingDetail>;
  onSaved: (listing: VendorListingDetail) => void;
  /** Beside the submit button (Cancel on a new listing). */
  extraActions?: ReactNode;
}) {
  const [form] = Form.useForm<ListingFormValues>();
  const regions = useRegions();
  const [formError, setFormError] = useState<string | null>(null);
  const locked = listing?.rented === true;
  const lockedHelp = locked
    ? 'Rented right now: the game and address can change once the rental has ended.'
    : undefined;

  const show = ({ fields, other }: Problems) => {
    form.setFields(fields.map(({ name, message }) => ({ name, errors: [message] })));
    setFormError(other.length > 0 ? other.join(' ') : null);
    const first = fields[0]?.name;
    if (first) form.scrollToField(first, { block: 'center', focus: true });
  };

  const refused = (raw: unknown) => {
    const error = toApiError(raw);
    const issues = error.code === 'VALIDATION_ERROR' ? fieldIssuesOf(error.details) : null;
    const problems = issues
      ? sortProblems(issues.map(({ field, message }) => ({ path: field, message })))
      : null;
    if (problems) show(problems);
    else setFormError(describeApiError(error));
  };

  const submit = (values: ListingFormValues) => {
    setFormError(null);
    const parsed = vendorListingInputSchema.safeParse(toCandidate(values));
    if (!parsed.success) {
      show(sortProblems(parsed.error.issues));
      return;
    }
    // The new listing's form is gone once it is saved: the promise settles, mutate's callbacks
    // might not.
    save(parsed.data).then((saved) => {
      form.setFieldsValue(toFormValues(saved));
      onSaved(saved);
    }, refused);
  };

  return (
    <AppForm<ListingFormValues>
      name={FORM_NAME}
      form={form}
      initialValues={listing ? toFormValues(listing) : undefined}
      onFinish={submit}
    >
      <Form.Item
        name="name"
        label="Name"
        extra="What renters see on the server's card, such as Frankfurt Survival 24/7."
        rules={ruleOf('name')}
      >
        <TextInput maxLength={LISTING_NAME_MAX} autoComplete="off" />
      </Form.Item>
      <Row gutter={16}>
        <Side span={12}>
          <Form.Item name="game" label="Game" rules={ruleOf('game')} extra={lockedHelp}>
            <Select options={GAME_OPTIONS} placeholder="Choose a game" disabled={locked} />
          </Form.Item>
        </Side>
        <Side span={12}>
          <Form.Item name="region" label="Region" rules={ruleOf('region')}>
            <Select
              loading={regions.isPending}
              placeholder="Choose a region"
              options={regionOptions(regions.data)}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Side>
      </Row>
      <RegionsLoadWarning regions={regions} />
      <Row gutter={16}>
        <Side span={8}>
          <Form.Item name="cpu" label="CPU (optional)" rules={ruleOf('cpu')}>
            <TextInput maxLength={LISTING_SPEC_MAX} placeholder="Ryzen 9 7950X, 4 cores" />
          </Form.Item>
        </Side>
        <Side span={8}>
          <Form.Item name="ram" label="Memory (optional)" rules={ruleOf('ram')}>
            <TextInput maxLength={LISTING_SPEC_MAX} placeholder="16 GB" />
          </Form.Item>
        </Side>
        <Side span={8}>
          <Form.Item name="storage" label="Storage (optional)" rules={ruleOf('storage')}>
            <TextInput maxLength={LISTING_SPEC_MAX} placeholder="200 GB NVMe" />
          </Form.Item>
        </Side>
      </Row>
      <Row gutter={16}>
        <Side span={12}>
          <Form.Item
            name="playersMax"
            label="Player slots"
            extra="How many players the server takes at once."
            rules={ruleOf('playersMax')}
          >
            <TextInput inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Side>
        <Side span={12}>
          <Form.Item
            name="price"
            label="Price per hour"
            extra="In USDT, exact to the micro-USDT: at least 0.01."
            rules={ruleOf('price')}
          >
            <TextInput inputMode="decimal" autoComplete="off" suffix="USDT" placeholder="0.25" />
          </Form.Item>
        </Side>
      </Row>
      <Form.Item
        name="description"
        label="Description"
        extra="Renters read it on the server's page: the mods, the rules, what makes it good."
        rules={ruleOf('description')}
      >
        <MessageEditor label="Description" rows={8} />
      </Form.Item>
      <Row gutter={16}>
        <Side span={16}>
          <Form.Item
            name="host"
            label="Game server address"
            extra={lockedHelp ?? 'A host name or IP address, such as play.example.com.'}
            rules={ruleOf('host')}
          >
            <TextInput
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              disabled={locked}
              placeholder="play.example.com"
            />
          </Form.Item>
        </Side>
        <Side span={8}>
          <Form.Item
            name="queryPort"
            label="Query port"
            extra={ADDRESS_HELP}
            rules={ruleOf('queryPort')}
          >
            <TextInput
              inputMode="numeric"
              autoComplete="off"
              disabled={locked}
              placeholder="25565"
            />
          </Form.Item>
        </Side>
      </Row>
      {formError && (
        <Alert style={{ marginBottom: 16 }} type="error" showIcon role="alert" title={formError} />
      )}
      <Flex wrap gap={8}>
        <Button type="primary" htmlType="submit" loading={saving}>
          {submitText}
        </Button>
        {extraActions}
      </Flex>
    </AppForm>
  );
}
