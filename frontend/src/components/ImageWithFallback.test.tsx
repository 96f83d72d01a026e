import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { ImageWithFallback } from './ImageWithFallback';

describe('ImageWithFallback', () => {
  it('shows the image while it loads', () => {
    renderWithProviders(<ImageWithFallback src="/a.png" alt="Pallet Freight" />);
    expect(screen.getByRole('img', { name: 'Pallet Freight' })).toHaveAttribute('src', '/a.png');
  });

  it('shows a named placeholder instead of a broken image, until the image changes', () => {
    const { rerender } = renderWithProviders(
      <ImageWithFallback src="/gone.png" alt="Pallet Freight" />,
    );
    fireEvent.error(screen.getByRole('img', { name: 'Pallet Freight' }));

    const placeholder = screen.getByRole('img', { name: 'Pallet Freight' });
    expect(placeholder.tagName).toBe('DIV');
    expect(placeholder).toHaveTextContent('No image');

    rerender(<ImageWithFallback src="/new.png" alt="Pallet Freight" />);
    expect(screen.getByRole('img', { name: 'Pallet Freight' })).toHaveAttribute('src', '/new.png');
  });
});
