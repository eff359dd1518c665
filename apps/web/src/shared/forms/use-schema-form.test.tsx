import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormTextField } from './form-text-field';
import { type SchemaLoader, useSchemaForm } from './use-schema-form';

const schema = z.object({
  email: z.string().trim().pipe(z.email('Enter a valid email address.')),
  password: z.string().min(1, 'Password is required.'),
});
type Values = { email: string; password: string };

function TestForm(props: { load: SchemaLoader<Values, z.output<typeof schema>>; onValid: (values: unknown) => void }) {
  const form = useSchemaForm({ schema: props.load, defaultValues: { email: '', password: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    props.onValid(values);
    form.setError('password', { type: 'server', message: 'Password was refused by the server.' });
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Test form">
      <FormTextField label="Email" error={form.errors.email?.message} {...form.register('email')} />
      <FormTextField label="Password" error={form.errors.password?.message} {...form.register('password')} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('useSchemaForm', () => {
  it('loads the schema on the first submit, shows its messages on the fields and focuses the first', async () => {
    const load = vi.fn(async () => schema);
    const onValid = vi.fn();
    render(<TestForm load={load} onValid={onValid} />);
    expect(load).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Email'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('checks a field again as it is corrected after a failed submit', async () => {
    render(<TestForm load={async () => schema} onValid={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await waitFor(() => expect(screen.queryByText('Enter a valid email address.')).toBeNull());
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
  });

  it("hands over the schema's output (trimmed) and takes server errors through setError", async () => {
    const onValid = vi.fn();
    render(<TestForm load={async () => schema} onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Email'), '  ada@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' }));
    expect(await screen.findByText('Password was refused by the server.')).toBeInTheDocument();
  });

  it('sends the values unchecked when the schema cannot be fetched, and fetches again next time', async () => {
    const load = vi.fn<() => Promise<typeof schema>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(schema);
    const onValid = vi.fn();
    render(<TestForm load={load} onValid={onValid} />);

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: '', password: '' }));

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(onValid).toHaveBeenCalledTimes(1);
  });
});
