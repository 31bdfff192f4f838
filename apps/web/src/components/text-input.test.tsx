import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { TextInput } from './text-input';

describe('TextInput', () => {
  it('strips markup patterns as they are typed, and the form receives the clean text', async () => {
    let submitted: unknown;
    render(
      <Form onFinish={(values: unknown) => void (submitted = values)}>
        <Form.Item name="displayName" label="Display name">
          <TextInput />
        </Form.Item>
        <button type="submit">Save</button>
      </Form>,
    );
    const input = screen.getByLabelText('Display name');
    await userEvent.type(input, '<b onclick=x>Eve');
    expect(input).toHaveValue('b xEve');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByDisplayValue('b xEve');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(submitted).toEqual({ displayName: 'b xEve' });
  });

  it('strips a pasted javascript: link', async () => {
    render(<TextInput aria-label="Website" />);
    const input = screen.getByLabelText('Website');
    await userEvent.click(input);
    await userEvent.paste('javascript:alert(1)');
    expect(input).toHaveValue('alert(1)');
  });
});
