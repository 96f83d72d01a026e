import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ExpandableText } from './ExpandableText';

const longText = `${'a'.repeat(150)}TAIL`;

describe('ExpandableText', () => {
  it('shows 150 characters and ..., then all of it after Read More, and back after Read Less', async () => {
    render(<ExpandableText text={longText} previewLength={150} />);
    expect(screen.getByText(`${'a'.repeat(150)}...`)).toBeVisible();

    const readMore = screen.getByRole('button', { name: 'Read More' });
    expect(readMore).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(readMore);
    expect(screen.getByText(longText)).toBeVisible();

    const readLess = screen.getByRole('button', { name: 'Read Less' });
    expect(readLess).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(readLess);
    expect(screen.getByText(`${'a'.repeat(150)}...`)).toBeVisible();
  });

  it('shows a short text whole, without a toggle', () => {
    render(<ExpandableText text="Short details." previewLength={150} />);
    expect(screen.getByText('Short details.')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
