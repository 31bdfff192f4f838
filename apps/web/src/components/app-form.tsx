import type { ReactNode } from 'react';
import { Form, type FormInstance, type FormProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { fieldIssueSchema } from '@crimsonhost/shared/errors';
import { z } from 'zod';
import type { ApiError } from '../lib/api-client';

/** Spec section 5: the generic required message (antd fills in the label). */
export const REQUIRED_MESSAGE = '${label} is required';

/**
 * The app's forms (spec section 5): labels above fields, validation on blur and on change, and a
 * scroll to the first field in error on submit. `name` also prefixes the field ids.
 */
export function AppForm<Values>({
  children,
  ...props
}: Omit<FormProps<Values>, 'children'> & { name: string; children: ReactNode }) {
  return (
    <Form<Values>
      layout="vertical"
      validateTrigger={['onBlur', 'onChange']}
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      validateMessages={{ required: REQUIRED_MESSAGE }}
      requiredMark={false}
      {...props}
    >
      {children}
    </Form>
  );
}

/** Throws the schema's first message about `value`, as an antd validator does. */
function judge(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
}

/** An antd rule from a shared zod schema; empty values are left to the `required` rule. */
export function zodRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      judge(schema, value);
    },
  };
}

/**
 * A rule from the contract that also judges an empty value, in the contract's own words ("Choose
 * a game", "Accept the vendor terms"): a value never given, or a blank text, is judged as `empty`.
 */
export function contractRule(schema: z.ZodType, empty?: unknown): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const blank =
        value === undefined || value === null || (typeof value === 'string' && !value.trim());
      judge(schema, blank ? empty : value);
    },
  };
}

/** A 'confirm password' rule: the value must equal the field `field`. */
export function sameAsRule(field: string, message = 'The two passwords do not match'): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue(field)) throw new Error(message);
    },
  });
}

const fieldIssuesSchema = z.object({ fields: z.array(fieldIssueSchema) });

/**
 * Puts the API's field errors (`details.fields`) on the form's fields of the same name. Returns
 * whether any landed, so the caller knows if a general message is still needed.
 */
export function applyFieldErrors<Values>(form: FormInstance<Values>, error: ApiError): boolean {
  const parsed = fieldIssuesSchema.safeParse(error.details);
  if (!parsed.success) return false;
  const known = parsed.data.fields.filter(
    (issue) => form.getFieldInstance(issue.field) !== undefined,
  );
  const first = known[0];
  if (!first) return false;
  form.setFields(known.map((issue) => ({ name: issue.field as never, errors: [issue.message] })));
  form.scrollToField(first.field, { block: 'center', focus: true });
  return true;
}
