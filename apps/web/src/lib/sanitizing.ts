import type { ChangeEvent } from 'react';
import { sanitizeInput } from '@crimsonhost/shared/text';
import { config } from './config';

/**
 * Cleans what was typed or pasted before the form sees it (spec section 5). The event's own value
 * is replaced, so Ant Design's Form, a controlled value and an uncontrolled one all get the
 * cleaned text; nothing changes while the text is already clean.
 */
export function sanitizing<E extends ChangeEvent<HTMLInputElement | HTMLTextAreaElement>>(
  onChange?: (event: E) => void,
) {
  return (event: E) => {
    if (config.sanitizeTextInput) {
      const clean = sanitizeInput(event.target.value);
      if (clean !== event.target.value) event.target.value = clean;
    }
    onChange?.(event);
  };
}
