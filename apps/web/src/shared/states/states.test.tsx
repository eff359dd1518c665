import Button from '@mui/material/Button';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DensityProvider } from '../density/density';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';

describe('states', () => {
  it('an empty state says what is missing, what to do, and offers the action', () => {
    render(
      <EmptyState
        title="No open positions."
        description="Positions you open show here."
        action={<Button>Place an order</Button>}
      />,
    );
    expect(screen.getByText('No open positions.')).toBeVisible();
    expect(screen.getByText('Positions you open show here.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Place an order' })).toBeVisible();
  });

  it('a loading state is announced politely with its label, as a spinner or placeholder rows', () => {
    const view = render(<LoadingState label="Loading positions" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading positions…');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    view.rerender(<LoadingState label="Loading positions" variant="rows" rows={4} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading positions');
    expect(screen.getByRole('status').querySelectorAll('.MuiSkeleton-root')).toHaveLength(4);
  });

  it('an error state is an alert with the reason and a retry that waits while it runs', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const view = render(
      <ErrorState
        title="The positions could not be loaded."
        message="The server could not be reached."
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The positions could not be loaded.');
    expect(alert).toHaveTextContent('The server could not be reached.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    view.rerender(<ErrorState title="The positions could not be loaded." onRetry={onRetry} retrying />);
    expect(screen.getByRole('button', { name: 'Trying again…' })).toBeDisabled();
  });

  it('the compact density makes MUI components small and dense', () => {
    render(
      <>
        <Button>Standard</Button>
        <DensityProvider density="compact">
          <Button>Compact</Button>
          <ErrorState title="Failed." onRetry={() => {}} />
        </DensityProvider>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Standard' })).toHaveClass('MuiButton-sizeMedium');
    expect(screen.getByRole('button', { name: 'Compact' })).toHaveClass('MuiButton-sizeSmall');
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveClass('MuiButton-sizeSmall');
  });
});
