import { Input, type InputProps } from 'antd';
import type { SearchProps, TextAreaProps } from 'antd/es/input';
import { useState, type ChangeEvent } from 'react';
import { sanitizeInput } from '@crimsonhost/shared/text';
import { config } from '../lib/config';

/**
 * Cleans what was typed or pasted before the form sees it (spec section 5). The event's own value
 * is replaced, so Ant Design's Form, a controlled value and an uncontrolled one all get the
 * cleaned text; nothing changes while the text is already clean.
 */
function sanitizing<E extends ChangeEvent<HTMLInputElement>>(onChange?: (event: E) => void) {
  return (event: E) => {
    if (config.sanitizeTextInput) {
      const clean = sanitizeInput(event.target.value);
      if (clean !== event.target.value) event.target.value = clean;
    }
    onChange?.(event);
  };
}

/**
 * Keeps the value itself when nobody else does (no Form.Item, no `value` prop): Ant Design's own
 * uncontrolled state is set from the raw event before our handler runs.
 */
function useSanitizedValue<P extends InputProps | SearchProps>(props: P) {
  const controlled = 'value' in props;
  const [own, setOwn] = useState(props.defaultValue ?? '');
  const onChange = sanitizing((event: ChangeEvent<HTMLInputElement>) => {
    if (!controlled) setOwn(event.target.value);
    props.onChange?.(event);
  });
  return { value: controlled ? props.value : own, onChange };
}

/** The props to pass on: the starting value is ours to keep. */
function withoutDefault<P extends { defaultValue?: unknown }>(props: P): Omit<P, 'defaultValue'> {
  const copy = { ...props };
  delete copy.defaultValue;
  return copy;
}

/** The app's one-line text input: Ant Design's Input with the spec's sanitising. */
export function TextInput(props: InputProps) {
  return <Input {...withoutDefault(props)} {...useSanitizedValue(props)} />;
}

/** A search box with the same sanitising. */
export function SearchInput(props: SearchProps) {
  return <Input.Search {...withoutDefault(props)} {...useSanitizedValue(props)} />;
}

/**
 * A multi-line text (a ticket's message) with the same sanitising; line breaks are kept.
 * Controlled by its Form.Item or `value`, like the others.
 */
export function TextArea({ onChange, ...props }: TextAreaProps) {
  return (
    <Input.TextArea
      {...props}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
        if (config.sanitizeTextInput) {
          const clean = sanitizeInput(event.target.value);
          if (clean !== event.target.value) event.target.value = clean;
        }
        onChange?.(event);
      }}
    />
  );
}
