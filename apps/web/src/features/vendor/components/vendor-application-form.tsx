import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Form, Select } from 'antd';
import { GAME_LABELS, GAMES, type Game, type Network } from '@crimsonhost/shared/constants';
import { VENDOR_TERMS_VERSION, vendorApplicationRequestSchema } from '@crimsonhost/shared/vendors';
import { paths } from '../../../app/paths';
import { AppForm, contractRule, zodRule } from '../../../components/app-form';
import { TextInput } from '../../../components/text-input';
import { TextLink } from '../../../components/text-link';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useApplyAsVendor } from '../api/apply-as-vendor';
import { useRegions } from '../api/get-regions';
import { regionOptions, RegionsLoadWarning } from './region-choice';
import { fieldIssuesOf, sortProblems, type ApplicationProblems } from '../application-problems';
import { ApplicationRefusal, isRefusal, type Refusal } from './application-refusal';
import { PayoutAddressFields } from './payout-address-fields';

export interface ApplicationFormValues {
  displayName: string;
  contactEmail: string;
  games: Game[];
  regions: string[];
  payoutAddresses: Partial<Record<Network, string>>;
  acceptTerms: boolean;
}

const FORM_NAME = 'vendor-application';
const { shape } = vendorApplicationRequestSchema;

/** What the contract says when no payout address was given at all, or null. */
function missingAddressProblem(addresses: ApplicationFormValues['payoutAddresses'] | undefined) {
  const result = shape.payoutAddresses.safeParse(addresses ?? {});
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path.length === 0)?.message ?? null;
}

/** The values as the contract takes them; what the form never touched counts as empty. */
function toCandidate(values: Partial<ApplicationFormValues>) {
  return {
    displayName: values.displayName ?? '',
    contactEmail: values.contactEmail ?? '',
    games: values.games ?? [],
    regions: values.regions ?? [],
    payoutAddresses: values.payoutAddresses ?? {},
    acceptTerms: values.acceptTerms === true,
  };
}

const GAME_OPTIONS = GAMES.map((game) => ({ value: game, label: GAME_LABELS[game] }));

/**
 * The vendor application (issue 16 point 1). Each field is checked as it is left or changed, the
 * whole against the contract on submit; the API's own findings (a payout address whose checksum
 * is wrong) land under their field, and a refusal (already waiting, already a vendor, cannot
 * apply) shows above the button.
 */
export function VendorApplicationForm({
  initialValues,
}: {
  initialValues: Partial<ApplicationFormValues>;
}) {
  const [form] = Form.useForm<ApplicationFormValues>();
  const regions = useRegions();
  const apply = useApplyAsVendor();
  const toast = useToast();
  const [missingAddress, setMissingAddress] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const show = (problems: ApplicationProblems) => {
    form.setFields(problems.fields.map(({ name, message }) => ({ name, errors: [message] })));
    setMissingAddress(problems.payoutAddresses);
    setFormError(problems.other.length > 0 ? problems.other.join(' ') : null);
    const first = problems.fields[0]?.name;
    if (first) {
      form.scrollToField(first, { block: 'center', focus: true });
    } else if (problems.payoutAddresses) {
      form.scrollToField(['payoutAddresses', 'TRC20'], { block: 'center', focus: true });
    }
  };

  const refused = (raw: unknown) => {
    const error = toApiError(raw);
    if (isRefusal(error)) {
      setRefusal(error);
      return;
    }
    const issues = error.code === 'VALIDATION_ERROR' ? fieldIssuesOf(error.details) : null;
    const problems = issues
      ? sortProblems(issues.map(({ field, message }) => ({ path: field, message })))
      : null;
    if (problems && (problems.fields.length > 0 || problems.payoutAddresses)) {
      show(problems);
      if (problems.other.length > 0) setFormError(problems.other.join(' '));
    } else {
      setFormError(describeApiError(error));
    }
  };

  const submit = (values: ApplicationFormValues) => {
    setFormError(null);
    setRefusal(null);
    const parsed = vendorApplicationRequestSchema.safeParse(toCandidate(values));
    if (!parsed.success) {
      show(sortProblems(parsed.error.issues));
      return;
    }
    // The page shows the application once it is stored (the standing is replaced), and this
    // form is gone by then: its promise still settles, where mutate's callbacks might not.
    apply.mutateAsync(parsed.data).then(() => {
      toast('success', 'Your application was sent.');
      window.scrollTo({ top: 0 });
    }, refused);
  };

  return (
    <AppForm<ApplicationFormValues>
      name={FORM_NAME}
      form={form}
      initialValues={initialValues}
      onFinish={submit}
      // The fields found their own problems; a missing payout address is the group's to say.
      onFinishFailed={({ values }) =>
        setMissingAddress(missingAddressProblem(values.payoutAddresses))
      }
      onValuesChange={(changed: Partial<ApplicationFormValues>) => {
        if (changed.payoutAddresses && missingAddress) {
          setMissingAddress(
            missingAddressProblem(
              form.getFieldValue('payoutAddresses') as ApplicationFormValues['payoutAddresses'],
            ),
          );
        }
      }}
    >
      <Form.Item
        name="displayName"
        label="Business or display name"
        extra="Renters see it on your listings."
        rules={[{ required: true }, zodRule(shape.displayName)]}
      >
        <TextInput maxLength={60} autoComplete="organization" />
      </Form.Item>
      <Form.Item
        name="contactEmail"
        label="Contact e-mail"
        extra="Where we write about your application and your vendor account."
        rules={[{ required: true }, zodRule(shape.contactEmail)]}
      >
        <TextInput type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item name="games" label="Games you host" rules={[contractRule(shape.games, [])]}>
        <Checkbox.Group options={GAME_OPTIONS} role="group" aria-label="Games you host" />
      </Form.Item>
      <RegionsLoadWarning regions={regions} />
      <Form.Item
        name="regions"
        label="Regions you host in"
        rules={[contractRule(shape.regions, [])]}
      >
        <Select
          mode="multiple"
          loading={regions.isPending}
          placeholder="Choose one or more regions"
          options={regionOptions(regions.data)}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <PayoutAddressFields missing={missingAddress} />
      <Form.Item
        name="acceptTerms"
        valuePropName="checked"
        extra={`Version ${VENDOR_TERMS_VERSION}. The terms open in a new tab.`}
        rules={[contractRule(shape.acceptTerms, false)]}
      >
        <Checkbox>
          I accept the{' '}
          <TextLink to={paths.vendorTerms.href()} target="_blank" rel="noopener">
            vendor terms
          </TextLink>
        </Checkbox>
      </Form.Item>
      {refusal && <ApplicationRefusal error={refusal} />}
      {formError && (
        <Alert style={{ marginBottom: 16 }} type="error" showIcon role="alert" title={formError} />
      )}
      <Flex wrap gap={8}>
        <Button type="primary" htmlType="submit" loading={apply.isPending}>
          Send application
        </Button>
      </Flex>
    </AppForm>
  );
}
