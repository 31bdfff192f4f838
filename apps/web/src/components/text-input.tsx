import { Input, type InputProps } from 'antd';
import type { SearchProps, TextAreaProps } from 'antd/es/input';
import { useState, type ChangeEvent } from 'react';
import { sanitizing } from '../lib/sanitizing';

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
      onChange={sanitizing((event: ChangeEvent<HTMLTextAreaElement>) => onChange?.(event))}
    />
  );
}
