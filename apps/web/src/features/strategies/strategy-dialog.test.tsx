import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../shared/test/render-with-store';
import { isDirty } from './dirty-guard';
import { StrategyDialog } from './strategy-dialog';

describe('isDirty', () => {
  it('is false for the values the form opened with, also with spaces around them', () => {
    expect(isDirty({ name: 'A', description: '' }, { name: ' A ', description: '  ' })).toBe(false);
  });
  it('is true when any field changed', () => {
    expect(isDirty({ name: 'A', description: '' }, { name: 'A', description: 'x' })).toBe(true);
    expect(isDirty({ name: 'A', description: '' }, { name: 'B', description: '' })).toBe(true);
  });
});

describe('the strategy dialog and its isDirty guard', () => {
  it('closes at once with Escape while nothing changed', async () => {
    const onClose = vi.fn();
    renderWithStore(<StrategyDialog title="New strategy" submitLabel="Create" onSubmit={vi.fn()} onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();
  });

  it('asks to discard unsaved changes on Escape or Cancel; Keep editing keeps them, Discard closes', async () => {
    const onClose = vi.fn();
    renderWithStore(<StrategyDialog title="New strategy" submitLabel="Create" onSubmit={vi.fn()} onClose={onClose} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'London breakout');
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('London breakout');
    expect(ask).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('an edit dialog is clean with the values it opened with', async () => {
    const onClose = vi.fn();
    renderWithStore(
      <StrategyDialog
        title="Edit strategy"
        submitLabel="Save"
        initial={{ name: 'A', description: 'B' }}
        onSubmit={vi.fn()}
        onClose={onClose}
      />,
    );
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 'x');
    await userEvent.type(name, '{Backspace}');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Enter submits the trimmed values; a missing name is refused by name, before any call', async () => {
    const onSubmit = vi.fn(async () => {});
    const onClose = vi.fn();
    renderWithStore(<StrategyDialog title="New strategy" submitLabel="Create" onSubmit={onSubmit} onClose={onClose} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, '   {Enter}');
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(name, ' Trend pullback {Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Trend pullback', description: '' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's per-field message on the field and stays open", async () => {
    const onSubmit = vi.fn(async () => {
      throw {
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid.',
        details: { fields: [{ field: 'name', message: 'Name is already used by another of your strategies.' }] },
      };
    });
    const onClose = vi.fn();
    renderWithStore(<StrategyDialog title="New strategy" submitLabel="Create" onSubmit={onSubmit} onClose={onClose} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Dup{Enter}');
    expect(await screen.findByText('Name is already used by another of your strategies.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
